//! The end-to-end tests, one binary: each module was a test binary of its own, and every one of
//! them linked the whole runtime. Real servers over real transports: the demo server as a
//! child process and over HTTP, npm and PyPI servers installed by `scripts/test.sh`.

mod common;

mod asks;
mod audit;
mod blocking_facade;
mod cassette;
mod cli_call;
mod cli_prompt_read;
mod config_formats;
mod config_props;
mod conformance;
mod dependency_footprint;
mod drift_e2e;
mod drift_props;
mod fakes;
mod faults;
mod known_discovery;
mod listing_as_sent;
mod manager;
mod manager_faults;
mod mcp_apps;
mod oauth;
mod oauth_no_person;
mod pinning;
mod prompts_resources;
mod rig_adapter;
mod runtime_demo;
mod skills;
mod snapshot_first;
mod tasks;
mod third_party;
mod typed_e2e;
mod unlisted_sections;
