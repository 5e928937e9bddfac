//! Snapshot → one Rust module: the client struct, a module per tool, the `TOOLS` table (and,
//! from `catalog.rs`, the prompts, resources and their tables).
//!
//! Names are planned first (`names.rs`), then each tool's types are built (`types/`), then
//! derives are trimmed to the direction each type travels (`derives.rs`) and what several tools
//! define alike is moved into one shared module (`groups.rs`, `share.rs`). Server-written text
//! becomes rustdoc through `docs.rs`.

pub(crate) mod catalog;
mod derives;
mod doc_indent;
pub(crate) mod docs;
mod explain;
mod fake;
mod groups;
pub(crate) mod names;
mod share;
mod task;
mod tidy;
pub(crate) mod types;

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote};

use crate::snapshot::{Snapshot, ToolDef};
use crate::{Error, Result, Settings};
pub use explain::{Argument, Explanation};

use catalog::CatalogPlan;
use derives::trim_derives;
use names::{Namer, pascal, snake};
use share::{SHARED_MODULE, share};
use task::TaskUse;
use types::{
    InputShape, ToolTypes, TypeOptions, doc_attributes, fallback_types, qualify, tool_types,
};

/// Methods of the generated client struct; tool methods must not take these names.
const CLIENT_METHODS: &[&str] = &[
    "connect",
    "connect_with",
    "from_client",
    "client",
    "into_client",
    "close",
    "verify",
    "tools",
    "fake",
    "fake_with",
];

/// Turns snapshots into Rust code. The macro, build.rs and the CLI all call this.
#[derive(Debug, Clone, Default)]
pub struct Generator {
    settings: Settings,
}

/// Generated code and what the generator had to simplify on the way.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The client struct's name.
    pub client_name: String,
    /// The module the items go in when wrapped (the client's name in snake_case).
    pub module_name: String,
    /// The module's items as tokens (for the proc macro).
    pub tokens: TokenStream,
    /// Warnings: one per fallback or simplification, naming the tool.
    pub warnings: Vec<Warning>,
}

/// Something the user should know about the generated code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// The tool it concerns.
    pub tool: String,
    /// What happened.
    pub message: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "tool `{}`: {}", self.tool, self.message)
    }
}

impl Generator {
    /// A generator with these settings.
    pub fn new(settings: Settings) -> Self {
        Generator { settings }
    }

    /// The settings in use.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Generates the module for `snapshot`; `source` (a path, usually) is named in the docs.
    pub fn generate(&self, snapshot: &Snapshot, source: &str) -> Result<Generated> {
        let plan = self.plan(snapshot, source)?;
        let mut methods = Vec::new();
        let mut entries = Vec::new();
        let mut modules = Vec::new();
        let mut warnings = Vec::new();
        let mut fakes = Vec::new();
        for named in &plan.tools {
            let parts = tool_parts(named, plan.options, plan.fake_trait.as_deref());
            modules.push(parts.module);
            methods.push(parts.method);
            entries.push(parts.entry);
            fakes.extend(parts.fake);
            warnings.extend(parts.warnings);
        }
        let (modules, shared) = share(modules);
        let mut tokens = header(&plan, methods, entries);
        tokens.extend(fake_items(&plan, fakes));
        tokens.extend(shared.into_token_stream());
        tokens.extend(modules.into_iter().map(ToTokens::into_token_stream));
        Ok(Generated {
            module_name: snake(&plan.client_name),
            client_name: plan.client_name,
            tokens,
            warnings,
        })
    }

    /// Generates formatted source text with the `@generated` header. Tools' types are
    /// generated on all cores.
    pub fn generate_source(
        &self,
        snapshot: &Snapshot,
        source: &str,
    ) -> Result<(String, Vec<Warning>)> {
        let plan = self.plan(snapshot, source)?;
        let mut methods = Vec::new();
        let mut entries = Vec::new();
        let mut modules = Vec::new();
        let mut warnings = Vec::new();
        let mut fakes = Vec::new();
        for (module, method, entry, fake, tool_warnings) in parallel_parts(&plan) {
            modules.push(syn::parse_str::<syn::File>(&module).map_err(internal)?);
            methods.push(reparse(&method)?);
            entries.push(reparse(&entry)?);
            if let Some((method, registration)) = fake {
                fakes.push((reparse(&method)?, reparse(&registration)?));
            }
            warnings.extend(tool_warnings);
        }
        if plan.tools.len() != methods.len() {
            return Err(Error::Settings(
                "internal error: a generator thread failed".into(),
            ));
        }
        let (modules, shared) = share(modules);
        let mut head = header(&plan, methods, entries);
        head.extend(fake_items(&plan, fakes));
        let head: syn::File = syn::parse2(head).map_err(internal)?;
        let mut text = format!(
            "// @generated by mcp-codegen {} from {source}. Do not edit: regenerate instead.\n\n",
            env!("CARGO_PKG_VERSION")
        );
        text.push_str(&prettyplease::unparse(&head));
        for module in shared.iter().chain(&modules) {
            text.push('\n');
            text.push_str(&prettyplease::unparse(module));
        }
        Ok((text, warnings))
    }

    /// Names everything up front (sequentially, so collisions resolve the same way every time).
    fn plan(&self, snapshot: &Snapshot, source: &str) -> Result<Plan> {
        let mut snapshot = snapshot.clone();
        if let Some(tools) = &self.settings.tools {
            snapshot.retain_tools(tools, source)?;
        }
        let client_name = match &self.settings.client_name {
            Some(name) => {
                if syn::parse_str::<syn::Ident>(name).is_err() {
                    return Err(Error::Settings(format!(
                        "client name `{name}` is not a Rust identifier"
                    )));
                }
                name.clone()
            }
            None => pascal(
                snapshot
                    .server
                    .as_ref()
                    .map_or("McpServer", |s| s.name.as_str()),
            ),
        };
        let mut reserved_modules = vec![SHARED_MODULE];
        reserved_modules.extend(catalog::MODULES);
        let mut modules = Namer::with_reserved(&reserved_modules);
        let mut methods = Namer::with_reserved(CLIENT_METHODS);
        let server_line = match &snapshot.server {
            Some(s) => format!(
                "Typed client for the MCP server `{}` {}, generated from `{source}`.",
                s.name, s.version
            ),
            None => format!("Typed client for the MCP server described by `{source}`."),
        };
        let tools = snapshot
            .tools
            .iter()
            .map(|tool| NamedTool {
                module: modules.unique(snake(&tool.name)),
                method: methods.unique(snake(&tool.name)),
                task: TaskUse::of(tool, snapshot.protocol_version.as_deref()),
                tool: tool.clone(),
            })
            .collect();
        let server_name = snapshot
            .server
            .as_ref()
            .map_or_else(|| client_name.clone(), |s| s.name.clone());
        Ok(Plan {
            catalog: CatalogPlan::new(&snapshot, &mut methods),
            fake_trait: self.settings.fakes.then(|| format!("{client_name}Fake")),
            server_name,
            client_name,
            server_line,
            tools,
            options: TypeOptions {
                typed_formats: self.settings.typed_formats,
                // A fake reads arguments and writes results: the reverse of a client.
                serde_both_ways: self.settings.serde_both_ways || self.settings.fakes,
            },
        })
    }
}

/// A tool as a worker thread hands it back: module, method and `TOOLS` entry tokens as text,
/// the fake's method and registration, warnings.
type FormattedTool = (
    String,
    String,
    String,
    Option<(String, String)>,
    Vec<Warning>,
);

struct Plan {
    catalog: CatalogPlan,
    client_name: String,
    /// The fake trait's name (`DemoFake`), when `Settings::fakes` is on.
    fake_trait: Option<String>,
    /// The server's name, for the fake's `serverInfo`.
    server_name: String,
    server_line: String,
    tools: Vec<NamedTool>,
    options: TypeOptions,
}

struct NamedTool {
    tool: ToolDef,
    module: String,
    method: String,
    task: TaskUse,
}

struct ToolParts {
    module: syn::File,
    method: TokenStream,
    entry: TokenStream,
    /// The fake trait's method and its registration, when fakes are generated.
    fake: Option<(TokenStream, TokenStream)>,
    warnings: Vec<Warning>,
}

/// Every tool's parts, generated on all cores. proc_macro2 values are not Send: each thread
/// hands back text, in tool order.
fn parallel_parts(plan: &Plan) -> Vec<FormattedTool> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(plan.tools.len().max(1));
    let chunk = plan.tools.len().div_ceil(threads).max(1);
    let options = plan.options;
    let fake_trait = plan.fake_trait.as_deref();
    std::thread::scope(|scope| {
        let handles: Vec<_> = plan
            .tools
            .chunks(chunk)
            .map(|tools| {
                scope.spawn(move || {
                    tools
                        .iter()
                        .map(|named| {
                            let parts = tool_parts(named, options, fake_trait);
                            (
                                parts.module.into_token_stream().to_string(),
                                parts.method.to_string(),
                                parts.entry.to_string(),
                                parts.fake.map(|(m, r)| (m.to_string(), r.to_string())),
                                parts.warnings,
                            )
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

fn internal(err: syn::Error) -> Error {
    Error::Settings(format!(
        "internal error: generated code does not parse: {err}"
    ))
}

fn reparse(text: &str) -> Result<TokenStream> {
    text.parse()
        .map_err(|e| Error::Settings(format!("internal error: generated code does not lex: {e}")))
}

/// One tool's module, client method and `TOOLS` entry. The module is parsed here, so code
/// that would not compile (a typify bug) is replaced by JSON types before anyone sees it.
fn tool_parts(named: &NamedTool, options: TypeOptions, fake_trait: Option<&str>) -> ToolParts {
    let tool = &named.tool;
    let module = format_ident!("{}", named.module);
    let method = format_ident!("{}", named.method);
    let mut notes = Vec::new();
    if tool.input_schema_missing() {
        notes.push("the snapshot has no inputSchema; the tool takes no arguments".to_string());
    }
    let mut types = tool_types(&tool.input_schema, tool.output_schema.as_ref(), options);
    let mut module_file = syn::parse2::<syn::File>(tool_module(
        named,
        &module,
        &types,
        &notes_with(&notes, &types),
    ));
    if let Err(err) = &module_file {
        types = fallback_types(tool.output_schema.as_ref(), &err.to_string());
        module_file = syn::parse2::<syn::File>(tool_module(
            named,
            &module,
            &types,
            &notes_with(&notes, &types),
        ));
    }
    let notes = notes_with(&notes, &types);
    // Both attempts failing would be a bug in our own templates; an empty module keeps the
    // rest of the client usable and the warning says what happened.
    let mut module_file = module_file.unwrap_or_else(|_| syn::parse_quote!());
    if !options.serde_both_ways {
        trim_derives(&mut module_file);
    }
    tidy::tidy(&mut module_file);
    let fake = fake_trait.map(|name| {
        (
            fake::method(tool, &module, &method, &types, name),
            fake::registration(tool, &module, &method, &types),
        )
    });
    ToolParts {
        module: module_file,
        fake,
        method: client_method(tool, &module, &method, &types, &notes),
        entry: table_entry(tool),
        warnings: notes
            .into_iter()
            .map(|message| Warning {
                tool: tool.name.clone(),
                message,
            })
            .collect(),
    }
}

fn notes_with(notes: &[String], types: &ToolTypes) -> Vec<String> {
    notes.iter().chain(&types.notes).cloned().collect()
}

/// The fake trait and constructor, when fakes are on.
fn fake_items(plan: &Plan, fakes: Vec<(TokenStream, TokenStream)>) -> TokenStream {
    let Some(trait_name) = &plan.fake_trait else {
        return TokenStream::new();
    };
    let client = format_ident!("{}", plan.client_name);
    let (mut methods, mut registrations): (Vec<_>, Vec<_>) = fakes.into_iter().unzip();
    let (catalog_methods, catalog_registrations) = plan.catalog.fake_parts(trait_name);
    methods.extend(catalog_methods);
    registrations.extend(catalog_registrations);
    fake::items(
        &client,
        trait_name,
        &plan.server_name,
        &methods,
        &registrations,
    )
}

/// The client struct, its impl with one method per tool, and the `TOOLS` table.
fn header(plan: &Plan, mut methods: Vec<TokenStream>, entries: Vec<TokenStream>) -> TokenStream {
    let client = format_ident!("{}", plan.client_name);
    let server_line = doc_lines(&plan.server_line);
    methods.extend(plan.catalog.methods());
    let catalog = plan.catalog.items();
    let catalog_doc: Vec<TokenStream> = plan
        .catalog
        .client_doc()
        .iter()
        .map(|text| doc_attributes(text))
        .collect();
    quote! {
        #(#server_line)*
        ///
        /// One method per tool; each returns a call that you can `.await` directly, or first
        /// give optional arguments and a timeout.
        #(#catalog_doc)*
        #[derive(Debug)]
        #[allow(dead_code)]
        pub struct #client {
            client: ::mcp_runtime::Client,
        }

        // Parameters and docs come from the server: many arguments, names like `_2`, and
        // Markdown lists that clippy would ask a person to indent.
        #[allow(dead_code, clippy::too_many_arguments, clippy::just_underscores_and_digits, clippy::doc_lazy_continuation)]
        impl #client {
            /// Connects to the server (stdio command or HTTP URL) and checks its tools against
            /// the snapshot: differences are logged (`DriftPolicy::Warn`).
            pub async fn connect(spec: impl ::std::convert::Into<::mcp_runtime::ServerSpec>) -> ::mcp_runtime::Result<Self> {
                Self::connect_with(spec, ::mcp_runtime::ConnectOptions::default()).await
            }
            /// Connects with explicit options (timeouts, drift policy, …).
            pub async fn connect_with(
                spec: impl ::std::convert::Into<::mcp_runtime::ServerSpec>,
                options: ::mcp_runtime::ConnectOptions,
            ) -> ::mcp_runtime::Result<Self> {
                let client = ::mcp_runtime::Client::connect_verified(spec, options, TOOLS).await?;
                ::std::result::Result::Ok(Self { client })
            }
            /// Compares the server's tools with the snapshot now; returns the classified changes
            /// (empty when nothing drifted) and does not log them.
            pub async fn verify(&self) -> ::mcp_runtime::Result<::std::vec::Vec<::mcp_runtime::schema::drift::Change>> {
                self.client.verify_tools(TOOLS, ::mcp_runtime::DriftPolicy::Off).await
            }
            /// Wraps a connected client.
            pub fn from_client(client: ::mcp_runtime::Client) -> Self {
                Self { client }
            }
            /// The untyped client underneath.
            pub fn client(&self) -> &::mcp_runtime::Client {
                &self.client
            }
            /// Gives back the untyped client.
            pub fn into_client(self) -> ::mcp_runtime::Client {
                self.client
            }
            /// The tools this client was generated for.
            pub fn tools() -> &'static [::mcp_runtime::ToolInfo] {
                TOOLS
            }
            /// Ends the session (and a stdio server).
            pub async fn close(&self) {
                self.client.close().await
            }
            #(#methods)*
        }

        /// The tools in the snapshot: names, schemas and fingerprints.
        #[allow(dead_code)]
        pub const TOOLS: &[::mcp_runtime::ToolInfo] = &[#(#entries),*];

        #catalog
    }
}

/// Doc attributes for `text`, rendered as safe Markdown (server-written text included).
fn doc_lines(text: &str) -> Vec<TokenStream> {
    vec![doc_attributes(text)]
}

fn tool_docs(tool: &ToolDef) -> Vec<TokenStream> {
    let mut text = String::new();
    if let Some(title) = &tool.title {
        text.push_str(&format!("**{title}**\n\n"));
    }
    if let Some(description) = &tool.description {
        text.push_str(description.trim());
        text.push_str("\n\n");
    }
    text.push_str(&format!("Calls the MCP tool `{}`.", tool.name));
    doc_lines(&text)
}

fn notes_docs(notes: &[String]) -> Vec<TokenStream> {
    if notes.is_empty() {
        return Vec::new();
    }
    let mut text = String::from("\n**Generator notes:**\n");
    for note in notes {
        text.push_str(&format!("- {note}\n"));
    }
    doc_lines(&text)
}

fn output_type(types: &ToolTypes, module: &syn::Ident) -> TokenStream {
    if types.has_output {
        quote!(#module::Output)
    } else {
        quote!(::mcp_runtime::ToolOutput)
    }
}

/// The pending call's setters, one per optional argument.
fn setters(input: &InputShape) -> Vec<TokenStream> {
    match input {
        InputShape::Fields(fields) => fields
            .iter()
            .filter(|f| !f.required)
            .map(|f| {
                let ident = &f.ident;
                let ty = &f.ty;
                let doc = f
                    .description
                    .clone()
                    .unwrap_or_else(|| format!("Sets the optional argument `{}`.", f.json_name));
                let docs = doc_lines(&doc);
                quote! {
                    #(#docs)*
                    pub fn #ident(mut self, value: impl ::std::convert::Into<#ty>) -> Self {
                        self.0.input_mut().#ident = ::std::option::Option::Some(value.into());
                        self
                    }
                }
            })
            .collect::<Vec<_>>(),
        InputShape::Whole => Vec::new(),
    }
}

fn tool_module(
    named: &NamedTool,
    module: &syn::Ident,
    types: &ToolTypes,
    notes: &[String],
) -> TokenStream {
    let name = named.tool.name.as_str();
    let items = &types.items;
    let module_doc = doc_lines(&format!(
        "Types and the pending call of the MCP tool `{name}`."
    ));
    let ret = if types.has_output {
        quote!(Output)
    } else {
        quote!(::mcp_runtime::ToolOutput)
    };
    let decode = if types.has_output {
        quote!(::mcp_runtime::ToolOutput::into_structured::<Output>)
    } else {
        quote!(::mcp_runtime::__private::raw_output)
    };
    let setters = setters(&types.input);
    let notes = notes_docs(notes);
    let (on_new, as_task) = (named.task.on_new(), named.task.call_method(&ret));
    let resume = named.task.resume_fn(&ret, &decode);
    quote! {
        #(#module_doc)*
        #(#notes)*
        #[allow(dead_code, clippy::all)]
        pub mod #module {
            /// The tool's name on the server.
            pub const NAME: &str = #name;

            #items

            /// A pending call: set optional arguments or a timeout, then `.await` it.
            #[must_use = "a call does nothing until it is awaited"]
            pub struct Call<'a>(::mcp_runtime::PendingCall<'a, Input, #ret>);

            impl<'a> Call<'a> {
                /// A call with these arguments.
                pub fn new(client: &'a ::mcp_runtime::Client, input: Input) -> Self {
                    Self(::mcp_runtime::__private::pending_call(client, NAME, input, #decode)#on_new)
                }
                /// Overrides the client's call timeout for this call.
                pub fn with_timeout(self, timeout: ::std::time::Duration) -> Self {
                    Self(self.0.with_timeout(timeout))
                }
                /// Reports the server's progress notifications for this call to `callback`.
                pub fn on_progress(self, callback: impl Fn(::mcp_runtime::Progress) + ::std::marker::Send + ::std::marker::Sync + 'static) -> Self {
                    Self(self.0.on_progress(callback))
                }
                /// The arguments as they will be sent.
                pub fn input(&self) -> &Input {
                    self.0.input()
                }
                #(#setters)*
                /// Sends the call (what `.await` does).
                pub fn send(self) -> ::mcp_runtime::CallFuture<'a, #ret> {
                    self.0.send()
                }
                #as_task
            }

            #resume

            impl<'a> ::std::future::IntoFuture for Call<'a> {
                type Output = ::mcp_runtime::Result<#ret>;
                type IntoFuture = ::mcp_runtime::CallFuture<'a, #ret>;
                fn into_future(self) -> Self::IntoFuture {
                    self.0.send()
                }
            }
        }
    }
}

fn client_method(
    tool: &ToolDef,
    module: &syn::Ident,
    method: &syn::Ident,
    types: &ToolTypes,
    notes: &[String],
) -> TokenStream {
    let docs = tool_docs(tool);
    let notes = notes_docs(notes);
    let ret = output_type(types, module);
    let returns = format!("\nResolves to `{}`.", ret.to_string().replace(' ', ""));
    match &types.input {
        InputShape::Fields(fields) => {
            let required: Vec<_> = fields.iter().filter(|f| f.required).collect();
            let params = required.iter().map(|f| {
                let ident = &f.ident;
                let ty = qualify(&f.ty, module);
                quote!(#ident: impl ::std::convert::Into<#ty>)
            });
            let inits = fields.iter().map(|f| {
                let ident = &f.ident;
                if f.required {
                    quote!(#ident: #ident.into())
                } else {
                    quote!(#ident: ::std::default::Default::default())
                }
            });
            let optional: Vec<String> = fields
                .iter()
                .filter(|f| !f.required)
                .map(|f| format!("`.{}(…)`", f.ident))
                .collect();
            let optional_doc = if optional.is_empty() {
                Vec::new()
            } else {
                doc_lines(&format!("\nOptional arguments: {}.", optional.join(", ")))
            };
            let returns = doc_lines(&returns);
            quote! {
                #(#docs)*
                #(#optional_doc)*
                #(#returns)*
                #(#notes)*
                pub fn #method(&self, #(#params),*) -> #module::Call<'_> {
                    #module::Call::new(&self.client, #module::Input { #(#inits),* })
                }
            }
        }
        InputShape::Whole => {
            let returns = doc_lines(&returns);
            quote! {
                #(#docs)*
                #(#returns)*
                #(#notes)*
                pub fn #method(&self, input: impl ::std::convert::Into<#module::Input>) -> #module::Call<'_> {
                    #module::Call::new(&self.client, input.into())
                }
            }
        }
    }
}

fn table_entry(tool: &ToolDef) -> TokenStream {
    let name = tool.name.as_str();
    let description = tool.description.as_deref().unwrap_or("");
    let input = mcp_runtime::schema::sort_keys(&tool.input_schema).to_string();
    let output = match &tool.output_schema {
        Some(schema) => {
            let text = mcp_runtime::schema::sort_keys(schema).to_string();
            quote!(::std::option::Option::Some(#text))
        }
        None => quote!(::std::option::Option::None),
    };
    let annotations = match tool.raw.get("annotations").filter(|a| a.is_object()) {
        Some(annotations) => {
            let text = mcp_runtime::schema::sort_keys(annotations).to_string();
            quote!(::std::option::Option::Some(#text))
        }
        None => quote!(::std::option::Option::None),
    };
    let fingerprint = tool.fingerprint();
    quote! {
        ::mcp_runtime::ToolInfo {
            name: #name,
            description: #description,
            input_schema: #input,
            output_schema: #output,
            annotations: #annotations,
            fingerprint: #fingerprint,
        }
    }
}
