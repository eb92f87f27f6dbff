use super::*;

#[test]
fn clap_definition_is_consistent() {
    Cli::command().debug_assert();
}

fn options(args: &[&str]) -> Options {
    match Cli::try_parse_from(args)
        .unwrap()
        .action(&mut Vec::new())
        .unwrap()
    {
        Action::Run { options, .. } => options,
        other => panic!("not a run: {other:?}"),
    }
}

#[test]
fn global_flags_and_other_actions() {
    let action = Cli::try_parse_from(["sudoku", "check", "--stats=json", "--color", "never"])
        .unwrap()
        .action(&mut Vec::new())
        .unwrap();
    assert!(matches!(
        action,
        Action::Run {
            stats: Some(StatsFormat::Json),
            color: ColorChoice::Never,
            ..
        }
    ));
    let action = Cli::try_parse_from(["sudoku", "--stats", "a.txt"])
        .unwrap()
        .action(&mut Vec::new())
        .unwrap();
    assert!(matches!(
        action,
        Action::Run {
            stats: Some(StatsFormat::Text),
            ..
        }
    ));
    assert!(matches!(
        Cli::try_parse_from(["sudoku", "completions", "zsh"])
            .unwrap()
            .action(&mut Vec::new())
            .unwrap(),
        Action::Completions(Shell::Zsh)
    ));
    assert!(matches!(
        Cli::try_parse_from(["sudoku", "manpage"])
            .unwrap()
            .action(&mut Vec::new())
            .unwrap(),
        Action::Manpage
    ));
}

#[test]
fn no_subcommand_means_solve() {
    let o = options(&["sudoku", "-f", "line", "-j", "2", "a.txt"]);
    assert_eq!(o.command, Command::Solve { unique: false });
    assert_eq!((o.format, o.threads), (Format::Line, 2));
    assert_eq!(o.paths, vec![PathBuf::from("a.txt")]);
    let o = options(&["sudoku", "solve", "--unique", "-r", "dir"]);
    assert_eq!(o.command, Command::Solve { unique: true });
    assert!(o.recursive);
}

#[test]
fn check_and_count() {
    assert_eq!(
        options(&["sudoku", "check", "-q"]).command,
        Command::Check { minimal: false }
    );
    let o = options(&["sudoku", "count", "--limit", "5", "-f", "json"]);
    assert_eq!(
        (o.command, o.format),
        (Command::Count { limit: 5 }, Format::Json)
    );
    assert_eq!(
        options(&["sudoku", "count"]).command,
        Command::Count { limit: 1_000_000 }
    );
}

#[test]
fn generate_and_canon() {
    let action = Cli::try_parse_from([
        "sudoku",
        "generate",
        "-n",
        "5",
        "--seed",
        "7",
        "--symmetry",
        "mirror",
        "--max-clues",
        "30",
    ])
    .unwrap()
    .action(&mut Vec::new())
    .unwrap();
    let Action::Generate {
        run, random_seed, ..
    } = action
    else {
        panic!("not generate")
    };
    assert_eq!((run.count, run.seed, random_seed), (5, 7, false));
    // `mirror`, the old name of the left-right mirror, is Sudoku Explainer's `vertical`.
    assert_eq!(run.options.symmetry, Symmetry::Vertical);
    assert_eq!(run.options.max_clues, Some(30));
    assert!(run.options.minimal);
    assert!(Cli::try_parse_from(["sudoku", "generate", "--max-clues", "16"]).is_err());
    assert!(Cli::try_parse_from(["sudoku", "generate", "--symmetry", "spiral"]).is_err());
    assert_eq!(
        options(&["sudoku", "canon", "x.txt"]).command,
        Command::Canon
    );
}

#[test]
fn bad_values_are_usage_errors() {
    assert!(Cli::try_parse_from(["sudoku", "-j", "0"]).is_err());
    assert!(Cli::try_parse_from(["sudoku", "-f", "xml"]).is_err());
    assert!(Cli::try_parse_from(["sudoku", "count", "--limit", "0"]).is_err());
}

#[test]
fn every_command_of_the_table_is_a_subcommand_as_its_row_says() {
    let cli = Cli::command();
    for row in sudoku_cli::commands::TABLE.iter() {
        let sub = cli
            .find_subcommand(row.name)
            .unwrap_or_else(|| panic!("{}: no subcommand", row.name));
        let arg = |id: &str| sub.get_arguments().find(|a| a.get_id() == id);
        assert_eq!(
            arg("time_limit").is_some(),
            row.time_limit,
            "{}: --time-limit",
            row.name
        );
        assert_eq!(
            arg("template").is_some(),
            row.template,
            "{}: --template",
            row.name
        );
        let formats: Vec<String> = arg("format")
            .expect("every command takes -f")
            .get_possible_values()
            .iter()
            .map(|v| v.get_name().to_string())
            .collect();
        let listed: Vec<String> = row.formats.iter().map(|f| f.name().to_string()).collect();
        assert_eq!(formats, listed, "{}: -f", row.name);
        assert_eq!(
            sub.get_about().map(|a| a.to_string()).as_deref(),
            Some(row.about),
            "{}: about",
            row.name
        );
    }
}
