//! The cells' search on its own: the rules' models, and searches checked
//! against the compiler's paths (the kinds' brute-force tests in
//! `rules/tests.rs` run it too, as `Propagate::Rules`).
