//! See `korf_front::fuzzing::checkpoint`: what is read, and what every answer must hold.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| korf_front::fuzzing::checkpoint(data));
