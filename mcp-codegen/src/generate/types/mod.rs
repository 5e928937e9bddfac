//! JSON Schema → Rust types for one tool, through typify, with every failure contained.
//!
//! typify handles nested shapes and `$defs`; the tool's argument struct (`Input`) is built
//! here so that its fields have names we control (keywords, `foo-bar` vs `fooBar`) and can be
//! turned into method parameters. Anything typify rejects or panics on falls back to
//! `serde_json` types, with a note that becomes a warning and a doc line.
//!
//! The steps, in order: `repairs/` makes each schema one typify can take (its `mod.rs` runs
//! the repairs in order and says why each is needed), `typify_driver.rs` runs typify inside
//! `contain.rs` (panics caught), `input.rs` builds our `Input`, `paths.rs` rewrites paths,
//! `distinct_fields.rs` renames fields typify still names alike, and `check.rs` catches what
//! rustc would reject in typify's output.

mod check;
mod contain;
mod distinct_fields;
mod input;
mod paths;
mod repairs;
mod typify_driver;

use proc_macro2::{Ident, TokenStream};
use quote::quote;
use serde_json::{Map, Value};

use contain::contained;
pub(crate) use paths::{doc_attributes, qualify};
use repairs::distinct_titles::distinct_titles;
use repairs::enums::{self, OwnEnum};
use repairs::root_shape::simple_root;
pub(crate) use repairs::shared_shapes::name_shared_shapes;
use repairs::{prepare, separate_defs};
use typify_driver::{Built, build, failing_properties, fallback_only, json_value};

/// The Rust side of one tool's schemas.
pub(crate) struct ToolTypes {
    /// Type definitions for the tool's module (`Input`, `Output`, nested types).
    pub items: TokenStream,
    /// How the generated method takes its arguments.
    pub input: InputShape,
    /// Whether the tool has a typed `Output`.
    pub has_output: bool,
    /// Fallbacks and simplifications, one sentence each.
    pub notes: Vec<String>,
}

pub(crate) enum InputShape {
    /// `Input` is a struct of these fields: required ones become parameters, optional ones
    /// setters.
    Fields(Vec<Field>),
    /// `Input` is some other type, passed whole.
    Whole,
}

pub(crate) struct Field {
    pub json_name: String,
    pub ident: Ident,
    /// The parameter or setter type (the `T` of `impl Into<T>`).
    pub ty: TokenStream,
    pub required: bool,
    pub description: Option<String>,
}

/// Options that change how types come out.
#[derive(Clone, Copy, Default)]
pub(crate) struct TypeOptions {
    /// Map `uuid` / `date` / `date-time` strings to `uuid` / `chrono` types.
    pub typed_formats: bool,
    /// Keep both serde derives on every type.
    pub serde_both_ways: bool,
}

/// JSON types only, because the typed version did not compile (`reason`).
pub(crate) fn fallback_types(output: Option<&Value>, reason: &str) -> ToolTypes {
    let (mut items, input, _) = fallback_only();
    if output.is_some() {
        items.extend(untyped_output());
    }
    ToolTypes {
        items,
        input,
        has_output: output.is_some(),
        notes: vec![format!(
            "the generated types were not valid Rust ({reason}); arguments and output are JSON values"
        )],
    }
}

/// The types of one tool. The common case costs one typify run; repairs start only when it
/// fails: first per argument, then per side (input, output), then JSON values throughout.
pub(crate) fn tool_types(input: &Value, output: Option<&Value>, options: TypeOptions) -> ToolTypes {
    let mut notes = Vec::new();
    let mut input = prepare(input, "Input", options, &mut notes);
    let mut output = output.map(|schema| {
        let mut prepared = prepare(schema, "Output", options, &mut notes);
        separate_defs(&input, &mut prepared);
        prepared
    });
    // Before our enums are hoisted: they are named by place, so two places' shapes would differ.
    distinct_titles(&mut input, output.as_mut());
    let enums = own_enums(&mut input, output.as_mut());
    let first = contained(|| build(Some(&input), output.as_ref(), &enums));
    if first.is_err()
        && simple_root(&input)
        && contained(|| build(Some(&input), None, &enums)).is_err()
    {
        untype_failing_arguments(&mut input, &enums, &mut notes);
    }
    let built = match first.or_else(|_| contained(|| build(Some(&input), output.as_ref(), &enums)))
    {
        Ok(built) => built,
        Err(joint_reason) => {
            build_by_side(&input, output.as_ref(), &enums, &joint_reason, &mut notes)
        }
    };
    let (mut items, input_shape, typed_output) = built;
    if output.is_some() && !typed_output {
        items.extend(untyped_output());
    }
    ToolTypes {
        items,
        input: input_shape,
        has_output: output.is_some(),
        notes,
    }
}

/// The string enums of both sides, named by us (`enums.rs`); one per name.
fn own_enums(input: &mut Value, output: Option<&mut Value>) -> Vec<OwnEnum> {
    let mut all = enums::hoist(input, "Input");
    for own in output
        .map(|o| enums::hoist(o, "Output"))
        .unwrap_or_default()
    {
        if !all.iter().any(|e| e.name == own.name) {
            all.push(own);
        }
    }
    all
}

/// Makes the arguments typify cannot handle JSON values, keeping their descriptions.
fn untype_failing_arguments(input: &mut Value, enums: &[OwnEnum], notes: &mut Vec<String>) {
    for (name, reason) in failing_properties(input, enums) {
        notes.push(format!(
            "argument `{name}` could not be typed ({reason}); it is a JSON value"
        ));
        if let Some(Value::Object(props)) = input.get_mut("properties") {
            let description = props.get(&name).and_then(|p| p.get("description")).cloned();
            let mut any = Map::new();
            if let Some(d) = description {
                any.insert("description".into(), d);
            }
            props.insert(name, Value::Object(any));
        }
    }
}

/// Input and output failed together: find which side fails and keep the other typed.
fn build_by_side(
    input: &Value,
    output: Option<&Value>,
    enums: &[OwnEnum],
    joint_reason: &str,
    notes: &mut Vec<String>,
) -> Built {
    let attempt = |with_input: bool, with_output: bool| {
        contained(|| {
            build(
                with_input.then_some(input),
                output.filter(|_| with_output),
                enums,
            )
        })
    };
    let input_ok = attempt(true, false)
        .map_err(|reason| {
            notes.push(format!(
                "the input schema could not be typed ({reason}); arguments are a JSON object"
            ))
        })
        .is_ok();
    let output_ok = output.is_some()
        && attempt(false, true)
            .map_err(|reason| {
                notes.push(format!(
                    "the output schema could not be typed ({reason}); the output is a JSON value"
                ))
            })
            .is_ok();
    if input_ok && output_ok {
        notes.push(format!(
            "input and output types clash ({joint_reason}); the output is a JSON value"
        ));
    }
    attempt(input_ok, output_ok && !input_ok).unwrap_or_else(|reason| {
        notes.push(format!(
            "types could not be generated ({reason}); using JSON values"
        ));
        contained(|| build(None, None, &[])).unwrap_or_else(|_| fallback_only())
    })
}

fn untyped_output() -> TokenStream {
    let value = json_value();
    quote! {
        /// The tool's structured output (its schema could not be typed).
        pub type Output = #value;
    }
}
