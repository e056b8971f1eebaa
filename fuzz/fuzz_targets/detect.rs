//! Auto-detection on arbitrary bytes, then reading with the detected
//! format: no panic, the same answer twice, and the peeked head is
//! replayed, so what the reader sees is the whole input.
#![no_main]

use std::io::Read;

use dlx_engine::format::{self, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let first = format::detect(Box::new(data));
    let again = format::detect(Box::new(data));
    match (first, again) {
        (Ok(Some((a, mut replay))), Ok(Some((b, _)))) => {
            assert_eq!(a.name(), b.name(), "detection is a function of the input");
            let mut all = Vec::new();
            replay.read_to_end(&mut all).unwrap();
            assert_eq!(all, data, "the peeked head is replayed");
        }
        (Ok(None), Ok(None)) => {}
        (Err(a), Err(b)) => assert_eq!(a, b, "detection is a function of the input"),
        _ => panic!("detection is a function of the input"),
    }
    if let Ok(Some((format, replay))) = format::detect(Box::new(data)) {
        let cases = format.read(replay, &Options::default()).take(10_000);
        for case in cases.flatten() {
            let n = case.grid.n();
            assert_eq!(case.grid.cells().len(), n * n);
        }
    }
});
