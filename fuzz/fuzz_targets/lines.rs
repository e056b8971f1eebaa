//! The shared line reader: numbered lines of arbitrary bytes, read through
//! a tiny buffer so chunk boundaries fall everywhere. No panic, line
//! numbers count up by one, and no line comes back longer than the limit.
#![no_main]

use std::io::BufReader;

use dlx::format::text::Lines;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [cap, input @ ..] = data else {
        return;
    };
    let reader = BufReader::with_capacity(usize::from(*cap % 16) + 1, input);
    let mut lines = Lines::new(reader);
    let mut last = 0;
    while let Some(line) = lines.next_line() {
        let number = match line {
            Ok((number, text)) => {
                assert!(!text.ends_with('\n') && !text.ends_with('\r'));
                number
            }
            Err(e) => e.line,
        };
        assert_eq!(number, last + 1, "lines are numbered one by one");
        last = number;
    }
});
