//! The generated folder as a module of a library crate, as most users include it: tests/test_sdk_rust.py runs
//! `cargo doc` (rustdoc's lints denied) and `cargo test --doc` (no description becomes a doc-test) on it, and
//! main.rs uses it from here.
#![deny(warnings)]

pub mod generated;
