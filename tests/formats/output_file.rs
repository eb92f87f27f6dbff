//! `-o FILE` never loses or damages a file: links are followed and kept, descriptors and
//! devices are written through, what the shell's `>` refuses is refused, a replaced file keeps
//! its owner, group, mode, inode and links, a signal leaves no temporary file, any legal name
//! works, a write error is one message naming the path, and `-q` leaves FILE alone. Each case
//! is judged on the file system itself. The cases that depend on who runs `sudoku` run it also
//! as `nobody` (through `setpriv`), and say why when they cannot.

#![cfg(unix)]

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{bin, stderr_of, stdout_of, LEETCODE, LEETCODE_SOLUTION};
use tempfile::TempDir;

/// A directory holding `in.txt`, one puzzle; others may write it (for `nobody`).
fn workdir() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o777)).unwrap();
    let input = dir.path().join("in.txt");
    fs::write(&input, format!("{LEETCODE}\n")).unwrap();
    fs::set_permissions(&input, fs::Permissions::from_mode(0o644)).unwrap();
    (dir, input)
}

fn solved() -> String {
    format!("{LEETCODE_SOLUTION}\n")
}

/// `sudoku ARGS` as the current user.
fn run(args: &[&str], paths: &[&Path]) -> Output {
    Command::new(bin())
        .args(args)
        .args(paths)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Names in `dir` that look like a temporary file of ours.
fn leftovers(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".sudoku-") || n.ends_with(".tmp"))
        .collect()
}

fn is_root() -> bool {
    let dir = tempfile::tempdir().unwrap();
    fs::metadata(dir.path()).unwrap().uid() == 0
}

/// The uid and gid of `nobody`, when this test runs as root with `setpriv`, `nobody` exists,
/// and `nobody` can run the binary; else why not.
fn nobody() -> Result<(u32, u32), String> {
    if !is_root() {
        return Err("not running as root, so cannot run as another user".into());
    }
    let id = |flag: &str| -> Result<u32, String> {
        let out = Command::new("id")
            .args([flag, "nobody"])
            .output()
            .map_err(|e| format!("id: {e}"))?;
        String::from_utf8_lossy(&out.stdout)
            .trim()
            .parse()
            .map_err(|_| "no user nobody".to_string())
    };
    let ids = (id("-u")?, id("-g")?);
    let out = Command::new("setpriv")
        .args(setpriv_args(ids))
        .arg(bin())
        .arg("--version")
        .output()
        .map_err(|e| format!("setpriv: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "nobody cannot run {}: {}",
            bin().display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(ids)
}

fn setpriv_args((uid, gid): (u32, u32)) -> Vec<String> {
    vec![
        format!("--reuid={uid}"),
        format!("--regid={gid}"),
        "--clear-groups".into(),
    ]
}

/// `program ARGS` as `nobody`.
fn as_nobody(ids: (u32, u32), program: &Path, args: &[&str], paths: &[&Path]) -> Output {
    Command::new("setpriv")
        .args(setpriv_args(ids))
        .arg(program)
        .args(args)
        .args(paths)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn skipped(test: &str, why: &str) {
    eprintln!("{test}: the part as an unprivileged user is skipped: {why}");
}

fn chown(path: &Path, (uid, gid): (u32, u32)) {
    std::os::unix::fs::chown(path, Some(uid), Some(gid)).unwrap();
}

// ------------------------------------------------------------------ links, descriptors and devices

#[test]
fn a_link_is_followed_the_file_it_names_is_written_and_the_link_kept() {
    let (dir, input) = workdir();
    let real = dir.path().join("real.txt");
    fs::write(&real, "old\n").unwrap();
    // A chain: a relative link to a link to the file.
    let middle = dir.path().join("middle");
    std::os::unix::fs::symlink(&real, &middle).unwrap();
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink("middle", &link).unwrap();
    let out = run(&["solve", "-o"], &[&link, &input]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(fs::read_to_string(&real).unwrap(), solved());
    for l in [&link, &middle] {
        assert!(fs::symlink_metadata(l).unwrap().file_type().is_symlink());
    }
    assert_eq!(fs::read_link(&link).unwrap(), Path::new("middle"));
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn a_dangling_link_gets_its_target_made() {
    let (dir, input) = workdir();
    fs::create_dir(dir.path().join("sub")).unwrap();
    let link = dir.path().join("answers");
    std::os::unix::fs::symlink("sub/new.txt", &link).unwrap();
    let out = run(&["solve", "-o"], &[&link, &input]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        fs::read_to_string(dir.path().join("sub/new.txt")).unwrap(),
        solved()
    );
}

#[test]
fn a_link_to_a_link_to_a_link_in_a_loop_exits_5_naming_it() {
    let (dir, input) = workdir();
    let a = dir.path().join("a");
    let b = dir.path().join("b");
    std::os::unix::fs::symlink("b", &a).unwrap();
    std::os::unix::fs::symlink("a", &b).unwrap();
    let out = run(&["solve", "-o"], &[&a, &input]);
    assert_eq!(out.status.code(), Some(5));
    let err = stderr_of(&out);
    assert!(
        err.contains(&format!("cannot write output: {}:", a.display()))
            && err.contains("symbolic links"),
        "{err}"
    );
    assert!(fs::symlink_metadata(&a).unwrap().file_type().is_symlink());
}

/// A link to this process's standard output, as `/dev/stdout` is: written through the
/// descriptor. (Run as root before the fix, `-o /dev/stdout` replaced the system's own
/// `/dev/stdout` with a plain file; a link of our own exercises the same path safely.)
#[cfg(target_os = "linux")]
#[test]
fn a_link_to_stdout_writes_to_stdout_and_stays_a_link() {
    let (dir, input) = workdir();
    for target in ["/proc/self/fd/1", "/dev/fd/1"] {
        let link = dir.path().join("to-stdout");
        let _ = fs::remove_file(&link);
        std::os::unix::fs::symlink(target, &link).unwrap();
        // A chain of two links reaches it too.
        let outer = dir.path().join("outer");
        let _ = fs::remove_file(&outer);
        std::os::unix::fs::symlink(&link, &outer).unwrap();
        for via in [&link, &outer] {
            // Stdout a file, as in `sudoku -o /dev/stdout in.txt > captured.txt`.
            let captured = dir.path().join("captured.txt");
            let file = fs::File::create(&captured).unwrap();
            let status = Command::new(bin())
                .args(["solve", "-o"])
                .arg(via)
                .arg(&input)
                .stdout(file)
                .status()
                .unwrap();
            assert_eq!(status.code(), Some(0), "{target}");
            assert_eq!(fs::read_to_string(&captured).unwrap(), solved(), "{target}");
            let kind = fs::symlink_metadata(&link).unwrap().file_type();
            assert!(kind.is_symlink(), "{target}: the link was replaced");
            // Stdout a pipe.
            let out = run(&["solve", "-o"], &[via, &input]);
            assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
            assert_eq!(stdout_of(&out), solved());
        }
    }
    assert!(leftovers(dir.path()).is_empty());
}

#[cfg(target_os = "linux")]
#[test]
fn a_descriptor_path_is_written_through_its_descriptor() {
    let (dir, input) = workdir();
    // Standard error, named as /proc names it.
    let out = run(&["solve", "-o", "/proc/self/fd/2"], &[&input]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert_eq!(stderr_of(&out), solved());
    // A descriptor that is not open: exit 5, the path named.
    let out = run(&["solve", "-o", "/dev/fd/9"], &[&input]);
    assert_eq!(out.status.code(), Some(5));
    assert_eq!(
        stderr_of(&out),
        "sudoku: cannot write output: /dev/fd/9: Bad file descriptor (os error 9)\n"
    );
    // One open for reading only (stdin): refused before anything is written, saying so.
    let out = Command::new(bin())
        .args(["solve", "-o", "/proc/self/fd/0"])
        .arg(&input)
        .stdin(fs::File::open(&input).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5));
    assert_eq!(
        stderr_of(&out),
        "sudoku: cannot write output: /proc/self/fd/0: descriptor 0 is open for reading only, \
         not for writing\n"
    );
    assert!(leftovers(dir.path()).is_empty());
}

#[cfg(target_os = "linux")]
#[test]
fn a_device_is_written_directly_and_never_replaced() {
    let (dir, input) = workdir();
    let out = run(&["solve", "-o", "/dev/null"], &[&input]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let meta = fs::symlink_metadata("/dev/null").unwrap();
    use std::os::unix::fs::FileTypeExt;
    assert!(meta.file_type().is_char_device());
    // A link to a device, in our own directory.
    let link = dir.path().join("null");
    std::os::unix::fs::symlink("/dev/null", &link).unwrap();
    let out = run(&["solve", "-o"], &[&link, &input]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(leftovers(dir.path()).is_empty());
}

// -------------------------------------------------------------------- what the shell's `>` refuses

/// What the shell's `>` does with `path` as the user `ids` (or the current one): true when it
/// may write it.
fn shell_may_write(path: &Path, ids: Option<(u32, u32)>) -> bool {
    let script = format!("echo probe > '{}'", path.display());
    let out = match ids {
        Some(ids) => as_nobody(ids, Path::new("/bin/sh"), &["-c", &script], &[]),
        None => Command::new("/bin/sh")
            .args(["-c", &script])
            .output()
            .unwrap(),
    };
    out.status.success()
}

#[test]
fn a_read_only_file_is_refused_as_the_shell_refuses_it() {
    let (dir, input) = workdir();
    let file = dir.path().join("mine.txt");
    let reset = |file: &Path| {
        let _ = fs::set_permissions(file, fs::Permissions::from_mode(0o644));
        fs::write(file, "old\n").unwrap();
        fs::set_permissions(file, fs::Permissions::from_mode(0o444)).unwrap();
    };
    match nobody() {
        Ok(ids) => {
            reset(&file);
            chown(&file, ids);
            // The shell refuses it, so must we: exit 5, the path named, the file untouched.
            assert!(!shell_may_write(&file, Some(ids)));
            let out = as_nobody(ids, bin(), &["solve", "-o"], &[&file, &input]);
            assert_eq!(out.status.code(), Some(5), "{}", stderr_of(&out));
            assert_eq!(
                stderr_of(&out),
                format!(
                    "sudoku: cannot write output: {}: Permission denied (os error 13)\n",
                    file.display()
                )
            );
            assert_eq!(fs::read_to_string(&file).unwrap(), "old\n");
            let meta = fs::metadata(&file).unwrap();
            assert_eq!(meta.mode() & 0o777, 0o444);
            assert_eq!(meta.uid(), ids.0);
        }
        Err(why) => skipped("a_read_only_file_is_refused", &why),
    }
    // As the current user: as the shell does (root may write a 0444 file with `>`; another
    // user may not), and the mode stays 0444.
    reset(&file);
    let shell = shell_may_write(&file, None);
    reset(&file);
    let out = run(&["solve", "-o"], &[&file, &input]);
    if shell {
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        assert_eq!(fs::read_to_string(&file).unwrap(), solved());
    } else {
        assert_eq!(out.status.code(), Some(5));
        assert!(stderr_of(&out).contains("Permission denied"));
        assert_eq!(fs::read_to_string(&file).unwrap(), "old\n");
    }
    assert_eq!(fs::metadata(&file).unwrap().mode() & 0o777, 0o444);
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn a_directory_is_refused_and_left_as_it_was() {
    let (dir, input) = workdir();
    let taken = dir.path().join("taken");
    fs::create_dir(&taken).unwrap();
    let out = run(&["solve", "-o"], &[&taken, &input]);
    assert_eq!(out.status.code(), Some(5));
    assert_eq!(
        stderr_of(&out),
        format!(
            "sudoku: cannot write output: {}: Is a directory (os error 21)\n",
            taken.display()
        )
    );
    assert!(fs::metadata(&taken).unwrap().is_dir());
    assert!(leftovers(dir.path()).is_empty());
}

// ---------------------------------------------------------------------------------------------- -q

#[test]
fn quiet_leaves_the_file_exactly_as_it_was() {
    let (dir, input) = workdir();
    // The output is also the input, as in 'canon -q -o list.txt list.txt'.
    let list = dir.path().join("list.txt");
    fs::write(&list, format!("{LEETCODE}\n")).unwrap();
    let before = fs::metadata(&list).unwrap();
    let out = run(&["canon", "-q", "-o"], &[&list, &list]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
    assert_eq!(fs::read_to_string(&list).unwrap(), format!("{LEETCODE}\n"));
    assert_eq!(fs::metadata(&list).unwrap().ino(), before.ino());
    // A new file is not made; the exit code still speaks.
    let fresh = dir.path().join("fresh.txt");
    let out = run(&["check", "-q", "-o"], &[&fresh, &input]);
    assert_eq!(out.status.code(), Some(0));
    assert!(!fresh.exists());
    let out = run(
        &["generate", "-q", "-n", "2", "--seed", "1", "-o"],
        &[&fresh],
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(!fresh.exists());
    assert!(leftovers(dir.path()).is_empty());
}

// ------------------------------------------------------------- owner, group, mode, inode and links

#[test]
fn a_replaced_file_keeps_its_owner_group_and_mode() {
    let (dir, input) = workdir();
    let Ok(ids) = nobody() else {
        // Without a second user, owner and group are the runner's own: check the mode.
        let file = dir.path().join("theirs.txt");
        fs::write(&file, "old\n").unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).unwrap();
        let out = run(&["solve", "-o"], &[&file, &input]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        assert_eq!(fs::metadata(&file).unwrap().mode() & 0o777, 0o640);
        skipped("a_replaced_file_keeps_its_owner", &nobody().unwrap_err());
        return;
    };
    // Root replaces a user's file: it stays the user's, with its mode.
    let file = dir.path().join("theirs.txt");
    fs::write(&file, "old\n").unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).unwrap();
    chown(&file, ids);
    let out = run(&["solve", "-o"], &[&file, &input]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let meta = fs::metadata(&file).unwrap();
    assert_eq!((meta.uid(), meta.gid()), ids);
    assert_eq!(meta.mode() & 0o7777, 0o640);
    assert_eq!(fs::read_to_string(&file).unwrap(), solved());
    // A user writes root's file that everyone may write: it stays root's, the same inode, as
    // with `>` (a new file could not be root's).
    let shared = dir.path().join("shared.txt");
    fs::write(&shared, "old\n").unwrap();
    fs::set_permissions(&shared, fs::Permissions::from_mode(0o666)).unwrap();
    let inode = fs::metadata(&shared).unwrap().ino();
    let out = as_nobody(ids, bin(), &["solve", "-o"], &[&shared, &input]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let meta = fs::metadata(&shared).unwrap();
    assert_eq!((meta.uid(), meta.gid(), meta.ino()), (0, 0, inode));
    assert_eq!(meta.mode() & 0o777, 0o666);
    assert_eq!(fs::read_to_string(&shared).unwrap(), solved());
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn a_file_with_other_hard_links_is_written_in_place_for_every_name() {
    let (dir, input) = workdir();
    let first = dir.path().join("first.txt");
    let second = dir.path().join("second.txt");
    // Longer before than after: the old tail must go.
    fs::write(&first, "old\n".repeat(100)).unwrap();
    fs::hard_link(&first, &second).unwrap();
    let inode = fs::metadata(&first).unwrap().ino();
    let out = run(&["solve", "-o"], &[&first, &input]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    for name in [&first, &second] {
        assert_eq!(fs::read_to_string(name).unwrap(), solved());
        let meta = fs::metadata(name).unwrap();
        assert_eq!((meta.ino(), meta.nlink()), (inode, 2));
    }
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn a_file_in_a_directory_the_user_cannot_write_is_written_in_place() {
    let ids = match nobody() {
        Ok(ids) => ids,
        Err(why) => return skipped("a_file_in_a_directory_the_user_cannot_write", &why),
    };
    let (dir, input) = workdir();
    let locked = dir.path().join("locked");
    fs::create_dir(&locked).unwrap();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
    let file = locked.join("mine.txt");
    fs::write(&file, "old\n").unwrap();
    chown(&file, ids);
    // `>` may write it (the file is theirs), so must we.
    assert!(shell_may_write(&file, Some(ids)));
    fs::write(&file, "old\n").unwrap();
    let out = as_nobody(ids, bin(), &["solve", "-o"], &[&file, &input]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(fs::read_to_string(&file).unwrap(), solved());
    assert_eq!(fs::metadata(&file).unwrap().uid(), ids.0);
    // A new file there: `>` cannot make it, nor can we.
    let new = locked.join("new.txt");
    let out = as_nobody(ids, bin(), &["solve", "-o"], &[&new, &input]);
    assert_eq!(out.status.code(), Some(5));
    assert_eq!(
        stderr_of(&out),
        format!(
            "sudoku: cannot write output: {}: Permission denied (os error 13)\n",
            new.display()
        )
    );
    assert!(!new.exists());
    assert!(leftovers(&locked).is_empty());
}

/// A file mounted on its own (as a container mounts one): a rename onto it is refused, `>`
/// writes it, and so must we, in place. The mount lives in a namespace of its own.
#[cfg(target_os = "linux")]
#[test]
fn a_file_mounted_on_its_own_is_written_in_place_when_the_rename_is_refused() {
    let (dir, input) = workdir();
    if !is_root() || Command::new("unshare").arg("--version").output().is_err() {
        return skipped(
            "a_file_mounted_on_its_own",
            "a mount needs root and unshare",
        );
    }
    let host = dir.path().join("host.txt");
    let seen = dir.path().join("seen.txt");
    fs::write(&host, "old\n").unwrap();
    fs::write(&seen, "").unwrap();
    let script = format!(
        "mount --bind '{host}' '{seen}' || exit 99; '{bin}' solve -o '{seen}' '{input}'; echo \"exit $?\"",
        host = host.display(),
        seen = seen.display(),
        bin = bin().display(),
        input = input.display()
    );
    let out = Command::new("unshare")
        .args(["-m", "sh", "-c", &script])
        .output()
        .unwrap();
    if out.status.code() == Some(99) {
        return skipped("a_file_mounted_on_its_own", "cannot bind-mount here");
    }
    assert_eq!(stdout_of(&out), "exit 0\n", "{}", stderr_of(&out));
    assert_eq!(fs::read_to_string(&host).unwrap(), solved());
    assert!(leftovers(dir.path()).is_empty());
}

// ----------------------------------------------------------------------------------------- signals

/// Waits for a temporary file of ours to appear in `dir`.
fn temporary_appears(dir: &Path) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        if !leftovers(dir).is_empty() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[test]
fn a_signal_removes_the_temporary_file_and_ends_the_run_by_that_signal() {
    use std::os::unix::process::ExitStatusExt;
    let (dir, _) = workdir();
    let file = dir.path().join("book.txt");
    for (name, number) in [("INT", 2), ("TERM", 15), ("HUP", 1)] {
        fs::write(&file, "old\n").unwrap();
        let child = Command::new(bin())
            .args([
                "generate",
                "-n",
                "100000000",
                "--seed",
                "1",
                "-j",
                "1",
                "-o",
            ])
            .arg(&file)
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        assert!(
            temporary_appears(dir.path()),
            "SIG{name}: no temporary file"
        );
        // Let it write some answers first.
        std::thread::sleep(Duration::from_millis(200));
        // The shell's own kill, so no kill program need be installed.
        let killed = Command::new("/bin/sh")
            .args(["-c", &format!("kill -{name} {}", child.id())])
            .status()
            .unwrap();
        assert!(killed.success());
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.signal(),
            Some(number),
            "SIG{name}: {:?}",
            out.status
        );
        assert!(leftovers(dir.path()).is_empty(), "SIG{name}: left behind");
        assert_eq!(fs::read_to_string(&file).unwrap(), "old\n", "SIG{name}");
    }
}

// -------------------------------------------------------------------------------------- long names

#[test]
fn a_file_name_of_255_bytes_works() {
    let (dir, input) = workdir();
    for length in [244, 255] {
        let file = dir.path().join("x".repeat(length));
        let out = run(&["solve", "-o"], &[&file, &input]);
        assert_eq!(out.status.code(), Some(0), "{length}: {}", stderr_of(&out));
        assert_eq!(fs::read_to_string(&file).unwrap(), solved());
        // Again, now that it exists.
        let out = run(&["solve", "-o"], &[&file, &input]);
        assert_eq!(out.status.code(), Some(0), "{length}: {}", stderr_of(&out));
    }
    assert!(leftovers(dir.path()).is_empty());
}

// ------------------------------------------------------------------------------------ write errors

#[cfg(target_os = "linux")]
#[test]
fn a_write_error_is_one_message_naming_the_path() {
    let (dir, input) = workdir();
    let out = run(&["solve", "-o", "/dev/full"], &[&input]);
    assert_eq!(out.status.code(), Some(5));
    assert_eq!(
        stderr_of(&out),
        "sudoku: cannot write output: /dev/full: No space left on device (os error 28)\n"
    );
    // A file on a full file system: a small tmpfs in a mount namespace of its own, so nothing
    // outside this test sees it. FILE keeps its old content and no temporary file is left.
    if !is_root() || Command::new("unshare").arg("--version").output().is_err() {
        return skipped(
            "a_write_error_is_one_message",
            "a full file system needs root and unshare",
        );
    }
    let full = dir.path().join("full");
    fs::create_dir(&full).unwrap();
    let script = format!(
        "mount -t tmpfs -o size=64k tmpfs '{d}' || exit 99; echo old > '{d}/out.txt'; \
         '{bin}' generate -n 3000 --seed 1 -o '{d}/out.txt'; echo \"exit $?\"; \
         ls -A '{d}'; cat '{d}/out.txt'",
        d = full.display(),
        bin = bin().display()
    );
    let out = Command::new("unshare")
        .args(["-m", "sh", "-c", &script])
        .output()
        .unwrap();
    if out.status.code() == Some(99) {
        return skipped("a_write_error_is_one_message", "cannot mount a tmpfs here");
    }
    assert_eq!(
        stderr_of(&out),
        format!(
            "sudoku: cannot write output: {}/out.txt: No space left on device (os error 28)\n",
            full.display()
        )
    );
    assert_eq!(stdout_of(&out), "exit 5\nout.txt\nold\n");
}
