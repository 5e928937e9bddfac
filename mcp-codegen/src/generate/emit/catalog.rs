//! Generated code for prompts and resources: a client method per prompt (required arguments as
//! parameters, optional ones as setters on a `prompts::` builder) and per resource template (a
//! `&str` per URI-template variable, `Option<&str>` for query variables), a constant per static
//! resource in `resources::`, and the `PROMPTS` and `RESOURCES` tables.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::generate::text::names::{Namer, pascal, snake};
use crate::generate::types::doc_attributes;
use crate::snapshot::SkillDef;
use crate::snapshot::Snapshot;
use crate::snapshot::catalog::{PromptDef, ResourceDef, TemplateDef};

/// Names decided up front, after the tools', so tools keep theirs.
pub(crate) struct CatalogPlan {
    prompts: Vec<NamedPrompt>,
    templates: Vec<NamedTemplate>,
    resources: Vec<(ResourceDef, String)>,
    skills: Vec<SkillDef>,
}

struct NamedPrompt {
    prompt: PromptDef,
    method: String,
    builder: String,
    /// Setter names of the optional arguments, in order.
    setters: Vec<(usize, String)>,
}

struct NamedTemplate {
    template: TemplateDef,
    method: String,
    /// (variable, parameter name, optional)
    params: Vec<(String, String, bool)>,
}

/// The module names this code takes, for the tool modules' namer.
pub(crate) const MODULES: &[&str] = &["prompts", "resources"];

impl CatalogPlan {
    /// Names every prompt, template and resource; `methods` already holds the tools' names.
    pub(crate) fn new(snapshot: &Snapshot, methods: &mut Namer) -> CatalogPlan {
        let mut builders = Namer::default();
        let prompts = snapshot.prompts.iter().flatten().map(|prompt| {
            let mut setters = Namer::with_reserved(&["into_future", "new"]);
            NamedPrompt {
                method: methods.unique(snake(&prompt.name)),
                builder: builders.unique_type(pascal(&prompt.name)),
                setters: optional_args(prompt)
                    .map(|(i, name)| (i, setters.unique(snake(name))))
                    .collect(),
                prompt: prompt.clone(),
            }
        });
        let prompts = prompts.collect();
        let templates = snapshot
            .resource_templates
            .iter()
            .flatten()
            .map(|template| NamedTemplate {
                method: methods.unique(snake(&template.name)),
                params: template_params(&template.uri_template),
                template: template.clone(),
            });
        let templates = templates.collect();
        let mut constants = Namer::default();
        let resources = snapshot.resources.iter().flatten().map(|resource| {
            let name = constants.unique(snake(&resource.name).to_uppercase());
            (resource.clone(), name)
        });
        CatalogPlan {
            prompts,
            templates,
            resources: resources.collect(),
            skills: snapshot.skills.clone().unwrap_or_default(),
        }
    }

    /// The client's prompt and template methods.
    pub(crate) fn methods(&self) -> Vec<TokenStream> {
        let prompts = self.prompts.iter().map(prompt_method);
        prompts
            .chain(self.templates.iter().map(template_method))
            .collect()
    }

    /// The fake trait's methods (one per prompt and per template), their registrations, and
    /// the declarations of `PROMPTS` and `RESOURCES` with the fake server.
    pub(crate) fn fake_parts(&self, trait_name: &str) -> (Vec<TokenStream>, Vec<TokenStream>) {
        let mut methods = Vec::new();
        let mut registrations = Vec::new();
        if !self.prompts.is_empty() {
            registrations.push(quote!(let server = server.prompts(PROMPTS);));
        }
        if !self.resources.is_empty() || !self.templates.is_empty() {
            registrations.push(quote!(let server = server.resources(RESOURCES);));
        }
        for prompt in &self.prompts {
            let (method, registration) =
                super::fake::prompt(&prompt.prompt.name, &prompt.method, trait_name);
            methods.push(method);
            registrations.push(registration);
        }
        for template in &self.templates {
            let name = &template.template.name;
            let (method, registration) = super::fake::template(name, &template.method, trait_name);
            methods.push(method);
            registrations.push(registration);
        }
        (methods, registrations)
    }

    /// The client's doc line about prompts and templates, when it has either.
    pub(crate) fn client_doc(&self) -> Option<String> {
        match (self.prompts.is_empty(), self.templates.is_empty()) {
            (true, true) => None,
            (false, true) => Some("One method per prompt (rendered when awaited).".into()),
            (true, false) => {
                Some("One method per resource template (read with the values given).".into())
            }
            (false, false) => Some(
                "One method per prompt (rendered when awaited) and per resource template \
                 (read with the values given)."
                    .into(),
            ),
        }
    }

    /// `PROMPTS` and the `prompts` module when the server has prompts; `RESOURCES` when it has
    /// resources or templates, and the `resources` module when it has resources. A server
    /// without them gets none of these items.
    pub(crate) fn items(&self) -> TokenStream {
        let mut items = TokenStream::new();
        if !self.prompts.is_empty() {
            let entries = self.prompts.iter().map(|p| prompt_entry(&p.prompt));
            let builders = self.prompts.iter().map(prompt_builder);
            items.extend(quote! {
                /// The prompts in the snapshot: names, descriptions, arguments.
                #[allow(dead_code)]
                pub const PROMPTS: &[::mcp_runtime::prompts::PromptInfo] = &[#(#entries),*];
                /// Prompts ready to render: set optional arguments, then `.await`.
                #[allow(dead_code)]
                pub mod prompts {
                    #(#builders)*
                }
            });
        }
        if !self.resources.is_empty() || !self.templates.is_empty() {
            let resources = self.resources.iter().map(|(r, _)| resource_entry(r));
            let templates = self.templates.iter().map(|t| template_entry(&t.template));
            items.extend(quote! {
                /// The static resources and resource templates in the snapshot.
                #[allow(dead_code)]
                pub const RESOURCES: &[::mcp_runtime::resources::ResourceInfo] = &[#(#resources,)* #(#templates),*];
            });
        }
        if !self.resources.is_empty() {
            let constants = self.resources.iter().map(resource_constant);
            items.extend(quote! {
                /// The URIs of the server's static resources (read them with `client().read_resource`).
                #[allow(dead_code)]
                pub mod resources {
                    #(#constants)*
                }
            });
        }
        items.extend(super::skills_table::skills_table(&self.skills));
        items
    }
}

fn optional_args(prompt: &PromptDef) -> impl Iterator<Item = (usize, &str)> {
    let args = prompt.arguments.iter().enumerate();
    args.filter(|(_, a)| !a.required)
        .map(|(i, a)| (i, a.name.as_str()))
}

/// Each variable of `template` with its parameter name; query variables (`{?…}`, `{&…}`) are
/// optional.
fn template_params(template: &str) -> Vec<(String, String, bool)> {
    let mut names = Namer::with_reserved(&["self"]);
    let optional = mcp_runtime::uri_template::query_variables(template);
    mcp_runtime::uri_template::variables(template)
        .into_iter()
        .map(|var| {
            let param = names.unique(snake(&var));
            let is_optional = optional.contains(&var);
            (var, param, is_optional)
        })
        .collect()
}

fn docs(description: Option<&str>, tail: String) -> TokenStream {
    let mut text = description
        .map(|d| format!("{}\n\n", d.trim()))
        .unwrap_or_default();
    text.push_str(&tail);
    doc_attributes(&text)
}

fn prompt_method(named: &NamedPrompt) -> TokenStream {
    let prompt = &named.prompt;
    let name = prompt.name.as_str();
    let method = format_ident!("{}", named.method);
    let builder = format_ident!("{}", named.builder);
    let required: Vec<_> = prompt.arguments.iter().filter(|a| a.required).collect();
    let mut params = Namer::with_reserved(&["self"]);
    let idents: Vec<_> = required
        .iter()
        .map(|a| format_ident!("{}", params.unique(snake(&a.name))))
        .collect();
    let wire: Vec<&str> = required.iter().map(|a| a.name.as_str()).collect();
    let mut tail = format!("Renders the MCP prompt `{name}`.");
    for arg in &required {
        let about = arg.description.as_deref().unwrap_or("(no description)");
        tail.push_str(&format!("\n- `{}`: {}", arg.name, about.trim()));
    }
    let doc = docs(prompt.description.as_deref(), tail);
    quote! {
        #doc
        pub fn #method(&self, #(#idents: impl ::std::convert::Into<::std::string::String>),*) -> prompts::#builder<'_> {
            let pending = ::mcp_runtime::__private::pending_prompt(&self.client, #name);
            #(let pending = pending.arg(#wire, #idents);)*
            prompts::#builder(pending)
        }
    }
}

fn prompt_builder(named: &NamedPrompt) -> TokenStream {
    let builder = format_ident!("{}", named.builder);
    let name = named.prompt.name.as_str();
    let doc = doc_attributes(&format!(
        "The MCP prompt `{name}`, ready to render: set optional arguments, then `.await`."
    ));
    let setters = named.setters.iter().map(|(index, setter)| {
        let arg = &named.prompt.arguments[*index];
        let wire = arg.name.as_str();
        let setter = format_ident!("{}", setter);
        let doc = docs(
            arg.description.as_deref(),
            format!("Sets the optional argument `{wire}`."),
        );
        quote! {
            #doc
            pub fn #setter(self, value: impl ::std::convert::Into<::std::string::String>) -> Self {
                Self(self.0.arg(#wire, value))
            }
        }
    });
    quote! {
        #doc
        #[must_use = "a prompt is rendered only when awaited"]
        #[derive(Debug, Clone)]
        pub struct #builder<'a>(pub ::mcp_runtime::prompts::PendingPrompt<'a>);
        impl<'a> #builder<'a> {
            #(#setters)*
        }
        impl<'a> ::std::future::IntoFuture for #builder<'a> {
            type Output = ::mcp_runtime::Result<::mcp_runtime::prompts::PromptOutput>;
            type IntoFuture = ::mcp_runtime::prompts::PromptFuture<'a>;
            fn into_future(self) -> Self::IntoFuture {
                self.0.into_future()
            }
        }
    }
}

fn template_method(named: &NamedTemplate) -> TokenStream {
    let template = &named.template;
    let uri = template.uri_template.as_str();
    let method = format_ident!("{}", named.method);
    let params = named.params.iter().map(|(_, param, optional)| {
        let ident = format_ident!("{}", param);
        match optional {
            true => quote!(#ident: ::std::option::Option<&str>),
            false => quote!(#ident: &str),
        }
    });
    let values = named.params.iter().map(|(var, param, optional)| {
        let ident = format_ident!("{}", param);
        match optional {
            true => quote!((#var, #ident)),
            false => quote!((#var, ::std::option::Option::Some(#ident))),
        }
    });
    let doc = docs(
        template.description.as_deref(),
        format!("Reads the MCP resource template `{uri}` with these values (percent-encoded)."),
    );
    quote! {
        #doc
        pub async fn #method(&self, #(#params),*) -> ::mcp_runtime::Result<::mcp_runtime::resources::ResourceOutput> {
            let uri = ::mcp_runtime::uri_template::expand(#uri, &[#(#values),*]);
            self.client.read_resource(&uri).await
        }
    }
}

fn resource_constant((resource, name): &(ResourceDef, String)) -> TokenStream {
    let ident = format_ident!("{}", name);
    let uri = resource.uri.as_str();
    let doc = docs(
        resource.description.as_deref(),
        format!("The MCP resource `{}`.", resource.name),
    );
    quote! {
        #doc
        pub const #ident: &str = #uri;
    }
}

fn text(value: &Option<String>) -> &str {
    value.as_deref().unwrap_or("")
}

fn prompt_entry(prompt: &PromptDef) -> TokenStream {
    let name = prompt.name.as_str();
    let description = text(&prompt.description);
    let arguments = prompt.arguments.iter().map(|a| {
        let (name, description, required) = (a.name.as_str(), text(&a.description), a.required);
        quote!(::mcp_runtime::prompts::PromptArgInfo { name: #name, description: #description, required: #required })
    });
    quote! {
        ::mcp_runtime::prompts::PromptInfo { name: #name, description: #description, arguments: &[#(#arguments),*] }
    }
}

fn mime(value: &Option<String>) -> TokenStream {
    match value {
        Some(mime) => quote!(::std::option::Option::Some(#mime)),
        None => quote!(::std::option::Option::None),
    }
}

fn resource_entry(resource: &ResourceDef) -> TokenStream {
    let (name, uri) = (resource.name.as_str(), resource.uri.as_str());
    let (description, mime_type) = (text(&resource.description), mime(&resource.mime_type));
    quote! {
        ::mcp_runtime::resources::ResourceInfo { name: #name, uri: #uri, template: false, description: #description, mime_type: #mime_type }
    }
}

fn template_entry(template: &TemplateDef) -> TokenStream {
    let (name, uri) = (template.name.as_str(), template.uri_template.as_str());
    let (description, mime_type) = (text(&template.description), mime(&template.mime_type));
    quote! {
        ::mcp_runtime::resources::ResourceInfo { name: #name, uri: #uri, template: true, description: #description, mime_type: #mime_type }
    }
}
