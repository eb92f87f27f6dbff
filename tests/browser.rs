//! The pictures in a real browser: `scripts/browser-check.sh` opens the explain page and a hint
//! picture in headless Chromium (screenshots not blank, a picture per step in the DOM, a printed
//! page per step). Skipped, with a message, where Chromium or pdftoppm is missing (a fresh
//! machine); `.ci/run` installs both and runs the script itself too.

use std::path::Path;
use std::process::Command;

/// Whether `program` is on the PATH.
fn found(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

#[test]
fn explain_page_and_hint_picture_render_in_chromium() {
    let chromium = found("chromium") || found("chromium-browser");
    if !chromium || !found("pdftoppm") {
        eprintln!(
            "skipped: the browser check needs chromium and pdftoppm \
             (apt-get install chromium poppler-utils)"
        );
        return;
    }
    let out = tempfile::tempdir().unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/browser-check.sh");
    let run = Command::new("bash")
        .arg(script)
        .arg(assert_cmd::cargo::cargo_bin!("sudoku"))
        .arg(out.path())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(said.contains("browser-check: ok"), "{said}");
}
