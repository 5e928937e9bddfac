//! The module assembled: each tool's parts built on all cores, what tools define alike
//! shared, and the header (client, catalog, fakes) parsed once on this thread.

use std::collections::BTreeSet;

use super::emit::header::{fake_items, header, tool_methods, tools_table};
use super::plan::{NamedTool, Plan};
use super::polish::groups::{ModuleText, module_text};
use super::polish::prelude;
use super::polish::share::share;
use super::tool::tool_parts;
use super::{Generator, Warning, internal, reparse};
use crate::snapshot::Snapshot;
use crate::{Error, Result};

impl Generator {
    /// Every part of the module: the header (client, its own and the catalog's methods, the
    /// generic pending call, the catalog and fakes), parsed; then as text, the tools' methods,
    /// `TOOLS`, the shared types and the tool modules. The text parts come from the worker
    /// threads and are never parsed here: inside the proc macro, parsing them again on one
    /// thread was most of the expansion.
    pub(super) fn assemble(&self, snapshot: &Snapshot, source: &str) -> Result<Assembled> {
        let plan = self.plan(snapshot, source)?;
        let mut methods = Vec::new();
        let mut entries = Vec::new();
        let mut modules = Vec::new();
        let mut warnings = Vec::new();
        let mut fakes = Vec::new();
        let mut example = None;
        for tool in parallel_parts(&plan) {
            modules.push(tool.module);
            methods.push(tool.method);
            entries.push(tool.entry);
            if let Some((method, registration)) = tool.fake {
                fakes.push((reparse(&method)?, reparse(&registration)?));
            }
            example = example.or(tool.example);
            warnings.extend(tool.warnings);
        }
        if plan.tools.len() != methods.len() {
            return Err(thread_failed());
        }
        let (modules, shared) = share(modules);
        let mut head = header(&plan, example.as_deref());
        head.extend(fake_items(&plan, fakes));
        let mut head: syn::File = syn::parse2(head).map_err(internal)?;
        prelude::shorten(&mut head.items, &plan.head_names);
        Ok(Assembled {
            head,
            tail: vec![tool_methods(&plan, &methods), tools_table(&entries)],
            shared,
            modules,
            client_name: plan.client_name,
            warnings,
        })
    }
}

/// A tool as a worker thread hands it back, as text.
pub(super) struct FormattedTool {
    module: ModuleText,
    /// The client method.
    method: String,
    /// The `TOOLS` entry.
    entry: String,
    /// The fake's method and registration.
    fake: Option<(String, String)>,
    /// A call of the tool for the client's doc example.
    example: Option<String>,
    warnings: Vec<Warning>,
}

/// The generated module in parts, before it is printed or formatted.
pub(super) struct Assembled {
    pub(super) head: syn::File,
    /// The client's tool methods and `TOOLS`, as text.
    pub(super) tail: Vec<String>,
    pub(super) shared: Option<String>,
    pub(super) modules: Vec<String>,
    pub(super) client_name: String,
    pub(super) warnings: Vec<Warning>,
}

impl Assembled {
    /// The text parts after the header, in order (an empty module text is left out).
    pub(super) fn pieces(&self) -> impl Iterator<Item = &str> {
        self.tail
            .iter()
            .chain(&self.shared)
            .chain(&self.modules)
            .map(String::as_str)
            .filter(|piece| !piece.is_empty())
    }
}

/// Every tool's parts, generated on all cores. proc_macro2 values are not Send: each thread
/// hands back text, in tool order.
pub(super) fn parallel_parts(plan: &Plan) -> Vec<FormattedTool> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(plan.tools.len().max(1));
    // Each thread takes the next tool when it is done with one: tools differ a lot in size, so
    // fixed halves would leave one core idle while the other finishes the heavier half.
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(named) = plan.tools.get(index) else {
                            return done;
                        };
                        done.push((index, formatted_tool(plan, named)));
                    }
                })
            })
            .collect();
        let mut all: Vec<(usize, FormattedTool)> = handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect();
        all.sort_by_key(|(index, _)| *index);
        all.into_iter().map(|(_, tool)| tool).collect()
    })
}

/// One tool's parts, as text a thread can hand back.
pub(super) fn formatted_tool(plan: &Plan, named: &NamedTool) -> FormattedTool {
    let fake_trait = plan.fake_trait.as_deref();
    let mut parts = tool_parts(named, plan.options, fake_trait, &plan.head_names);
    prelude::shorten(&mut parts.module.items, &BTreeSet::new());
    FormattedTool {
        module: module_text(&parts.module).unwrap_or_else(ModuleText::empty),
        method: parts.method.to_string(),
        entry: parts.entry.to_string(),
        fake: parts.fake.map(|(m, r)| (m.to_string(), r.to_string())),
        example: parts.example,
        warnings: parts.warnings,
    }
}

pub(super) fn thread_failed() -> Error {
    Error::Settings("internal error: a generator thread failed".into())
}
