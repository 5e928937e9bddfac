//! A crate's source files as modules: what each defines, declares, imports and names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// One crate's `src/`, one entry a file, keyed by module path (`client::transport`).
#[derive(Debug, Default)]
pub struct CrateTree {
    pub files: Vec<SourceFile>,
}

/// One module's names: the items it defines, and the names its `use`s bind, each to the
/// absolute path of ours it names, or `None` for another crate's (`*` binds a glob).
#[derive(Debug, Default)]
pub struct Scope {
    pub defined: BTreeSet<String>,
    pub imports: Vec<(String, Option<Vec<String>>)>,
}

/// One source file: its module and what it says about other modules.
#[derive(Debug, Default)]
pub struct SourceFile {
    /// Path relative to the crate's `src/`, for messages.
    pub name: String,
    /// Module path of the file: empty for `lib.rs`.
    pub module: Vec<String>,
    /// What the file's top level and each inline module in it (by path inside the file)
    /// define and import.
    pub scopes: BTreeMap<Vec<String>, Scope>,
    /// `mod x;` declarations: child modules in files of their own.
    pub children: BTreeSet<String>,
    /// `macro_rules!` macros the file defines (exported ones live at the crate root).
    pub macros: BTreeSet<String>,
    /// Every path that names this crate, made absolute, with its text for messages.
    pub references: Vec<Vec<String>>,
}

impl CrateTree {
    /// Reads every `.rs` file under `src` (a crate's source folder).
    pub fn read(src: &Path) -> Result<CrateTree, String> {
        let mut tree = CrateTree::default();
        let mut stack = vec![src.to_path_buf()];
        while let Some(dir) = stack.pop() {
            let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            for entry in entries {
                let path = entry.map_err(|e| e.to_string())?.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
                    let name = path.strip_prefix(src).unwrap_or(&path).to_string_lossy();
                    tree.add(&name.replace('\\', "/"), &text)?;
                }
            }
        }
        tree.files.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(tree)
    }

    /// Adds one file by its path under `src/` (`client/mod.rs`) and its text.
    pub fn add(&mut self, name: &str, text: &str) -> Result<(), String> {
        let parsed = syn::parse_file(text).map_err(|e| format!("{name}: {e}"))?;
        let module = module_of(name);
        let mut file = SourceFile {
            name: name.to_string(),
            module: module.clone(),
            ..Default::default()
        };
        let mut reader = Reader {
            file: &mut file,
            scope: module,
        };
        reader.items(&parsed.items);
        self.files.push(file);
        Ok(())
    }

    /// The file and the scope in it that are the module at `path`, if any.
    pub fn module(&self, path: &[String]) -> Option<(usize, &Scope)> {
        self.files.iter().enumerate().find_map(|(i, f)| {
            let inner = path.strip_prefix(f.module.as_slice())?;
            f.scopes.get(inner).map(|scope| (i, scope))
        })
    }
}

/// `lib.rs` → [], `a/mod.rs` → [a], `a/b.rs` → [a, b]; `main.rs` and `bin/` count as roots.
fn module_of(name: &str) -> Vec<String> {
    let stem = name.trim_end_matches(".rs");
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// Walks a file's items with the module scope they are in (inline modules nest it).
struct Reader<'a> {
    file: &'a mut SourceFile,
    scope: Vec<String>,
}

impl Reader<'_> {
    fn items(&mut self, items: &[syn::Item]) {
        let items: Vec<&syn::Item> = items.iter().filter(|i| !is_test_only(i)).collect();
        // Names first, so a path that comes before its `use` still resolves.
        self.scope_mut();
        for item in &items {
            self.define(item);
            match item {
                syn::Item::Use(u) => self.import(&u.tree, Vec::new()),
                syn::Item::Mod(m) if m.content.is_none() && self.scope == self.file.module => {
                    self.file.children.insert(m.ident.to_string());
                }
                _ => {}
            }
        }
        for item in items {
            self.visit_item(item);
        }
    }

    /// The scope the reader is in.
    fn scope_mut(&mut self) -> &mut Scope {
        let inner = self.scope[self.file.module.len()..].to_vec();
        self.file.scopes.entry(inner).or_default()
    }

    fn define(&mut self, item: &syn::Item) {
        let ident = match item {
            syn::Item::Const(i) => Some(&i.ident),
            syn::Item::Enum(i) => Some(&i.ident),
            syn::Item::Fn(i) => Some(&i.sig.ident),
            syn::Item::Static(i) => Some(&i.ident),
            syn::Item::Struct(i) => Some(&i.ident),
            syn::Item::Trait(i) => Some(&i.ident),
            syn::Item::Type(i) => Some(&i.ident),
            syn::Item::Union(i) => Some(&i.ident),
            syn::Item::Mod(i) if i.content.is_some() => Some(&i.ident),
            syn::Item::Macro(i) => {
                if let Some(ident) = &i.ident {
                    self.file.macros.insert(ident.to_string());
                }
                i.ident.as_ref()
            }
            _ => None,
        };
        if let Some(ident) = ident {
            self.scope_mut().defined.insert(ident.to_string());
        }
    }

    /// Records a `use` tree's bindings (absolute paths only: external crates are not ours).
    fn import(&mut self, tree: &syn::UseTree, prefix: Vec<String>) {
        let joined = |last: String| {
            let mut p = prefix.clone();
            p.push(last);
            p
        };
        match tree {
            syn::UseTree::Path(p) => self.import(&p.tree, joined(p.ident.to_string())),
            syn::UseTree::Name(n) if n.ident == "self" => {
                let alias = prefix.last().cloned().unwrap_or_default();
                self.bind(alias, prefix);
            }
            syn::UseTree::Name(n) => self.bind(n.ident.to_string(), joined(n.ident.to_string())),
            syn::UseTree::Rename(r) => self.bind(r.rename.to_string(), joined(r.ident.to_string())),
            syn::UseTree::Glob(_) => self.bind("*".to_string(), prefix),
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.import(t, prefix.clone());
                }
            }
        }
    }

    /// Binds `alias`; the path is a reference too: an unused import is still a dependency.
    fn bind(&mut self, alias: String, path: Vec<String>) {
        let abs = self.absolute(&path);
        if let Some(abs) = &abs {
            self.file.references.push(abs.clone());
        }
        self.scope_mut().imports.push((alias, abs));
    }

    /// Makes a path absolute, or `None` when it names something outside this crate (or a local
    /// name, which stays in this file).
    fn absolute(&self, path: &[String]) -> Option<Vec<String>> {
        let first = path.first()?;
        let mut scope = self.scope.clone();
        let rest = match first.as_str() {
            "crate" | "$crate" => return Some(path[1..].to_vec()),
            "self" => &path[1..],
            "super" => {
                let supers = path.iter().take_while(|s| *s == "super").count();
                for _ in 0..supers {
                    scope.pop()?;
                }
                &path[supers..]
            }
            _ if self.scope == self.file.module && self.file.children.contains(first) => path,
            _ => return self.through_import(path),
        };
        scope.extend(rest.iter().cloned());
        Some(scope)
    }

    /// A path whose first segment is a name a `use` of this file bound to a module of ours.
    fn through_import(&self, path: &[String]) -> Option<Vec<String>> {
        let inner = &self.scope[self.file.module.len()..];
        let scope = self.file.scopes.get(inner)?;
        let (_, target) = scope.imports.iter().find(|(alias, _)| *alias == path[0])?;
        let mut abs = target.clone()?;
        abs.extend(path[1..].iter().cloned());
        Some(abs)
    }

    fn reference(&mut self, path: Vec<String>) {
        if (path.len() > 1 || path.first().is_some_and(|s| s != "self" && s != "super"))
            && let Some(abs) = self.absolute(&path)
        {
            self.file.references.push(abs);
        }
    }

    /// Paths inside a macro's tokens: `crate :: a :: B`, `$crate :: a`, `super :: x`.
    fn macro_paths(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i] {
                TokenTree::Group(g) => self.macro_paths(g.stream()),
                TokenTree::Ident(id)
                    if ["crate", "super", "self"].contains(&id.to_string().as_str()) =>
                {
                    let dollar = i > 0
                        && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == '$');
                    let (mut path, next) = path_at(&tokens, i);
                    if dollar && path[0] == "crate" {
                        path[0] = "$crate".to_string();
                    }
                    if path.len() > 1 {
                        self.reference(path);
                    }
                    i = next;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }
}

/// The `a :: b :: c` path that starts at `tokens[start]`, and the index after it.
fn path_at(tokens: &[TokenTree], start: usize) -> (Vec<String>, usize) {
    let mut path = vec![tokens[start].to_string()];
    let mut i = start + 1;
    while i + 2 < tokens.len() {
        let colons = matches!((&tokens[i], &tokens[i + 1]),
            (TokenTree::Punct(a), TokenTree::Punct(b)) if a.as_char() == ':' && b.as_char() == ':');
        match tokens.get(i + 2) {
            Some(TokenTree::Ident(id)) if colons => {
                path.push(id.to_string());
                i += 3;
            }
            _ => break,
        }
    }
    (path, i)
}

impl<'ast> Visit<'ast> for Reader<'_> {
    fn visit_item_use(&mut self, _: &'ast syn::ItemUse) {
        // Read once, as bindings, by `items` (`bind` records each as a reference).
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if let Some((_, inner)) = &m.content
            && !m.attrs.iter().any(is_cfg_test)
        {
            self.scope.push(m.ident.to_string());
            self.items(inner);
            self.scope.pop();
        }
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segs: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        self.reference(segs);
        syn::visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.macro_paths(m.tokens.clone());
        syn::visit::visit_macro(self, m);
    }
}

fn is_cfg_test(attr: &syn::Attribute) -> bool {
    match &attr.meta {
        syn::Meta::List(l) if l.path.is_ident("cfg") => {
            let text = l.tokens.to_string();
            text.contains("test") && !text.contains("not")
        }
        _ => false,
    }
}

/// Items compiled only for tests (`#[cfg(test)]`) are not part of the layering.
fn is_test_only(item: &syn::Item) -> bool {
    let attrs = match item {
        syn::Item::Mod(m) => &m.attrs,
        syn::Item::Use(u) => &u.attrs,
        syn::Item::Fn(f) => &f.attrs,
        syn::Item::Impl(i) => &i.attrs,
        _ => return false,
    };
    attrs.iter().any(is_cfg_test)
}
