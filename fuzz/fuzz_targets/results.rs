//! See `korf::internals::fuzzing::results`: what is read, and what every answer must hold.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| korf::internals::fuzzing::results(data));
