//! The `korf` binary: parses arguments, calls the library, prints.

mod algs;
mod batch;
mod bench;
mod cli;
mod cube;
mod engine;
mod fetch;
mod interrupt;
mod lists;
mod memory;
mod ratios;
mod serve;
mod slices;
mod solve;
mod tables;

use clap::{CommandFactory, Parser};
use cli::{Cli, CliError, Command, TablesCommand};
use std::io::Write;

fn main() {
    memory::give_back_large_buffers();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            std::process::exit(code);
        }
    };
    if let Err(e) = try_main(cli) {
        eprintln!("korf: error: {e}");
        std::process::exit(e.exit_code());
    }
}

fn try_main(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Show(a) => cube::show(a),
        Command::Scramble(a) => cube::scramble(a),
        Command::Check(a) => cube::check(a),
        Command::Solve(a) => {
            interrupt::install();
            solve::solve(a)
        }
        Command::Bench(a) => {
            interrupt::install();
            bench::bench(a)
        }
        Command::Algs(a) => {
            interrupt::install();
            algs::algs(a)
        }
        Command::Cases(a) => algs::cases(a),
        Command::Merge(a) => batch::merge(a),
        Command::Serve(a) => {
            interrupt::install();
            serve::serve(a)
        }
        Command::Tables { command } => match command {
            TablesCommand::Generate(a) => tables::generate(a),
            TablesCommand::Verify(a) => tables::verify(a),
            // No handler: Ctrl-C ends the process, and what was written is kept to resume.
            TablesCommand::Fetch(a) => fetch::fetch(a),
            TablesCommand::List(a) => tables::list(&korf::tables::resolve_dir(a.dir.as_deref())),
        },
        Command::Completions { shell } => {
            let mut text = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "korf", &mut text);
            out(&String::from_utf8_lossy(&text));
            Ok(())
        }
        Command::Man => {
            let mut text = Vec::new();
            clap_mangen::Man::new(Cli::command()).render(&mut text)?;
            out(&String::from_utf8_lossy(&text));
            Ok(())
        }
    }
}

/// Print to stdout; a closed pipe (e.g. `korf scramble -n 1000 | head`) ends quietly.
pub fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
    {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("korf: error: cannot write output: {e}");
        std::process::exit(1);
    }
}
