//! What every generated client has alike, written once: the client struct, its connection
//! methods, and its pending-call type. A generated module names it in one item,
//!
//! ```text
//! ::mcp_runtime::typed_client! {
//!     /// Typed client for the MCP server `mcp-time`.
//!     pub struct McpTime { tools: TOOLS, call: McpTimeCall }
//! }
//! ```
//!
//! and adds only what is its own: one method per tool, `TOOLS`, and a module per tool. The
//! items are written out here rather than in each generated module because they are the same
//! ~110 lines for every server; a macro rather than a generic type because a tool module adds
//! inherent methods (the setters of its optional arguments) to the pending call, which only
//! the crate that defines a type may do.

/// Declares a generated client: the struct `$client` over a [`Client`](crate::Client), its
/// connection methods (`connect`, `connect_with`, `verify`, `from_client`, `client`,
/// `into_client`, `tools`, `close`), and `$call<'a, T, I, O>`, the pending call every tool
/// method returns (`T` the tool's [`ToolName`](crate::ToolName), `I` its arguments, `O` what it
/// resolves to). `$tools` is the snapshot's `TOOLS` table, which connecting checks against.
#[macro_export]
macro_rules! typed_client {
    (
        $(#[$attr:meta])*
        $vis:vis struct $client:ident { tools: $tools:path, call: $call:ident $(,)? }
    ) => {
        $(#[$attr])*
        #[derive(Debug)]
        $vis struct $client {
            client: $crate::Client,
        }

        #[allow(dead_code)]
        impl $client {
            /// Connects to the server (stdio command or HTTP URL) and checks its tools against
            /// the snapshot: differences are logged (`DriftPolicy::Warn`).
            pub async fn connect(
                spec: impl ::core::convert::Into<$crate::ServerSpec>,
            ) -> $crate::Result<Self> {
                Self::connect_with(spec, $crate::ConnectOptions::default()).await
            }

            /// Connects with explicit options (timeouts, drift policy, …).
            pub async fn connect_with(
                spec: impl ::core::convert::Into<$crate::ServerSpec>,
                options: $crate::ConnectOptions,
            ) -> $crate::Result<Self> {
                let client = $crate::Client::connect_verified(spec, options, $tools).await?;
                ::core::result::Result::Ok(Self { client })
            }

            /// Compares the server's tools with the snapshot now; returns the classified
            /// changes (empty when nothing drifted) and does not log them.
            pub async fn verify(
                &self,
            ) -> $crate::Result<::std::vec::Vec<$crate::schema::drift::Change>> {
                self.client.verify_tools($tools, $crate::DriftPolicy::Off).await
            }

            /// Wraps a connected client.
            pub fn from_client(client: $crate::Client) -> Self {
                Self { client }
            }

            /// The untyped client underneath.
            pub fn client(&self) -> &$crate::Client {
                &self.client
            }

            /// Gives back the untyped client.
            pub fn into_client(self) -> $crate::Client {
                self.client
            }

            /// The tools this client was generated for.
            pub fn tools() -> &'static [$crate::ToolInfo] {
                $tools
            }

            /// Ends the session (and a stdio server).
            pub async fn close(&self) {
                self.client.close().await
            }

            /// A call of the tool `T`, which the tool method's return type names.
            fn call<T, I, O>(&self, input: I) -> $call<'_, T, I, O>
            where
                T: $crate::ToolName,
                I: $crate::export::serde::Serialize,
                O: $crate::FromToolOutput,
            {
                $call::new(&self.client, input)
            }
        }

        #[doc = ::core::concat!(
            "A pending call of one of [`", ::core::stringify!($client), "`]'s tools: set ",
            "optional arguments (each tool's `Call` has setters for its own) or a timeout, ",
            "then `.await` it."
        )]
        #[must_use = "a call does nothing until it is awaited"]
        $vis struct $call<'a, T, I, O = $crate::ToolOutput>(
            $crate::PendingCall<'a, I, O>,
            ::core::marker::PhantomData<T>,
        );

        #[allow(dead_code)]
        impl<'a, T, I: $crate::export::serde::Serialize, O> $call<'a, T, I, O> {
            /// Overrides the client's call timeout for this call.
            pub fn with_timeout(self, timeout: ::core::time::Duration) -> Self {
                Self(self.0.with_timeout(timeout), self.1)
            }

            /// Reports the server's progress notifications for this call to `callback`.
            pub fn on_progress(
                self,
                callback: impl ::core::ops::Fn($crate::Progress) + ::core::marker::Send + ::core::marker::Sync + 'static,
            ) -> Self {
                Self(self.0.on_progress(callback), self.1)
            }

            /// The arguments as they will be sent.
            pub fn input(&self) -> &I {
                self.0.input()
            }

            /// The arguments, to change before sending (a tool module's setters).
            fn input_mut(&mut self) -> &mut I {
                self.0.input_mut()
            }

            /// A tool's call made of the runtime's (a tool module's `as_task`, setters).
            fn from_pending(call: $crate::PendingCall<'a, I, O>) -> Self {
                Self(call, ::core::marker::PhantomData)
            }

            /// Sends the call (what `.await` does).
            pub fn send(self) -> $crate::CallFuture<'a, O> {
                self.0.send()
            }
        }

        #[allow(dead_code)]
        impl<'a, T, I, O> $call<'a, T, I, O>
        where
            T: $crate::ToolName,
            I: $crate::export::serde::Serialize,
            O: $crate::FromToolOutput,
        {
            /// A call of the tool `T` with these arguments.
            pub fn new(client: &'a $crate::Client, input: I) -> Self {
                Self::from_pending($crate::__private::call_tool::<T, I, O>(client, input))
            }
        }

        impl<'a, T, I: $crate::export::serde::Serialize, O> ::core::future::IntoFuture
            for $call<'a, T, I, O>
        {
            type Output = $crate::Result<O>;
            type IntoFuture = $crate::CallFuture<'a, O>;
            fn into_future(self) -> Self::IntoFuture {
                self.0.send()
            }
        }
    };
}

/// The setters of a tool's optional arguments, one line each: `setters! { Call { sha: String } }`
/// gives `Call` a method `sha(impl Into<String>)` that sets `input.sha` to `Some(..)`. Each
/// field's doc comment becomes its setter's.
#[doc(hidden)]
#[macro_export]
macro_rules! __setters {
    ($call:ident { $( $(#[$attr:meta])* $field:ident : $ty:ty ),* $(,)? }) => {
        impl<'a> $call<'a> {
            $(
                $(#[$attr])*
                pub fn $field(mut self, value: impl ::core::convert::Into<$ty>) -> Self {
                    self.input_mut().$field = ::core::option::Option::Some(value.into());
                    self
                }
            )*
        }
    };
}
