//! MCP Apps (`io.modelcontextprotocol/ui`): a tool's `_meta.ui.visibility` says who may call
//! it — `"model"`, `"app"` (the UI the host renders), or both, the default. A tool only an
//! app may call is never offered to a model.

use serde_json::{Map, Value};

/// True when the tool's `_meta` says only an app may call it: `ui.visibility` is a list
/// without `"model"`. No `_meta`, no `ui`, no `visibility` or an unreadable one: both may.
pub fn app_only(meta: Option<&Map<String, Value>>) -> bool {
    let visibility = meta
        .and_then(|meta| meta.get("ui"))
        .and_then(|ui| ui.get("visibility"))
        .and_then(Value::as_array);
    visibility.is_some_and(|who| !who.iter().any(|w| w == "model"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn of(meta: Value) -> bool {
        app_only(meta.as_object())
    }

    #[test]
    fn only_a_list_without_model_hides_a_tool() {
        assert!(of(
            json!({"ui": {"resourceUri": "ui://x", "visibility": ["app"]}})
        ));
        assert!(of(json!({"ui": {"visibility": []}})));
        assert!(!of(json!({"ui": {"visibility": ["model", "app"]}})));
        assert!(!of(json!({"ui": {"visibility": ["model"]}})));
        assert!(!of(json!({"ui": {"resourceUri": "ui://x"}})));
        assert!(!of(json!({"ui": {"visibility": "app"}})));
        assert!(!app_only(None));
    }
}
