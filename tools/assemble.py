#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Assemble build/linux: the pristine kernel plus our series, as git commits.

The pristine tree lives in a git repository in the cache directory (outside
the checkout) with a single commit tagged "pristine".  Every entry of
patches/series becomes one commit on top of it: the entry's diff hunks are
applied and the whole files it claims from kernel/ are copied in.  A later
entry may change a file of kernel/ with hunks of its own: the claiming
entry then brings the file in as it was before those hunks (kernel/ holds
the final version), so that each commit is one step.  The
commits are built in a private index, so the work tree of build/linux is
only touched by the final checkout, which rewrites nothing but the files
whose content changed.  That keeps kbuild's incremental rebuilds small.
"""

import os
import re
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXPECT_MAJOR_MINOR = (6, 12)


def sender_identity():
    """The developer's own git identity: the series is theirs to send."""
    res = subprocess.run(["git", "-C", TOP, "var", "GIT_AUTHOR_IDENT"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         universal_newlines=True)
    m = re.match(r"(.*<[^>]*>)", res.stdout.strip())
    return m.group(1) if m else "unknown <unknown>"


AUTHOR = os.environ.get("SERIES_AUTHOR") or sender_identity()
DATE = "2026-12-01T00:00:00+0000"


def die(msg):
    sys.stderr.write("assemble: error: %s\n" % msg)
    sys.exit(1)


def run(cmd, cwd=None, env=None, inp=None, check=True):
    res = subprocess.run(cmd, cwd=cwd, env=env, input=inp,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         universal_newlines=True)
    if check and res.returncode:
        die("%s failed:\n%s%s" % (" ".join(cmd), res.stdout, res.stderr))
    return res


def git(repo, *args, **kw):
    return run(["git", "-C", repo] + list(args), **kw).stdout.strip()


def kernel_version(tree):
    vals = {}
    with open(os.path.join(tree, "Makefile")) as f:
        for line in f:
            m = re.match(r"^(VERSION|PATCHLEVEL|SUBLEVEL)\s*=\s*(\d+)", line)
            if m:
                vals[m.group(1)] = int(m.group(2))
            if len(vals) == 3:
                break
    return vals.get("VERSION"), vals.get("PATCHLEVEL"), vals.get("SUBLEVEL")


def ensure_pristine(cache, tarball):
    """Extract the distro tarball once and record it as a git commit."""
    repo = os.path.join(cache, "pristine")
    if os.path.isdir(os.path.join(repo, ".git")):
        tag = run(["git", "-C", repo, "rev-parse", "-q", "--verify",
                   "refs/tags/pristine"], check=False)
        if tag.returncode == 0:
            return repo
        run(["rm", "-rf", repo])
    if not os.path.isfile(tarball):
        die("%s not found: install Debian's linux-source-6.12 (make deps)" % tarball)
    os.makedirs(cache, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="extract.", dir=cache)
    print("assemble: extracting %s (once)" % tarball, flush=True)
    run(["tar", "-xf", tarball, "-C", tmp])
    subdirs = [d for d in os.listdir(tmp) if d.startswith("linux-source")]
    if len(subdirs) != 1:
        die("unexpected layout of %s: %s" % (tarball, subdirs))
    src = os.path.join(tmp, subdirs[0])
    ver = kernel_version(src)
    if ver[:2] != EXPECT_MAJOR_MINOR:
        run(["rm", "-rf", tmp])
        die("base kernel is %s.%s.%s, expected 6.12.x (Debian linux-source-6.12)" % ver)
    env = dict(os.environ, GIT_AUTHOR_DATE=DATE, GIT_COMMITTER_DATE=DATE)
    git(src, "init", "-q")
    git(src, "config", "core.autocrlf", "false")
    git(src, "config", "gc.auto", "0")
    git(src, "add", "-A", "-f", ".")
    git(src, "-c", "user.name=pristine", "-c", "user.email=pristine@localhost",
        "commit", "-q", "--no-verify", "-m",
        "Linux %d.%d.%d (Debian linux-source-6.12, pristine)" % ver, env=env)
    git(src, "tag", "pristine")
    os.rename(src, repo)
    run(["rm", "-rf", tmp])
    return repo


def parse_entry(path):
    """Split a series entry into (subject, body, claimed files, diff text)."""
    with open(path) as f:
        text = f.read()
    head, sep, rest = text.partition("\n\n")
    if not sep:
        die("%s: no blank line after the header" % path)
    subject, files = None, []
    for line in head.splitlines():
        if line.startswith("Subject: "):
            subject = line[len("Subject: "):].strip()
        elif line.startswith("Files: "):
            files.extend(line[len("Files: "):].split())
        else:
            die("%s: unknown header line %r" % (path, line))
    if not subject:
        die("%s: no Subject: line" % path)
    m = re.search(r"^---\n", rest, re.M)
    if m:
        body, diff = rest[:m.start()], rest[m.end():]
    else:
        body, diff = rest, ""
    body = body.strip("\n") + "\n"
    return subject, body, files, diff if diff.strip() else ""


def owned_files():
    out = []
    base = os.path.join(TOP, "kernel")
    for root, _, names in os.walk(base):
        for n in names:
            out.append(os.path.relpath(os.path.join(root, n), base))
    return sorted(out)


def split_diff(diff):
    """Map each path a diff touches to that file's part of the diff."""
    parts = {}
    for part in re.split(r"(?m)^(?=diff --git )", diff):
        m = re.match(r"diff --git a/(\S+) b/", part)
        if m:
            parts[m.group(1)] = parts.get(m.group(1), "") + part
    return parts


def later_changes(series_names):
    """For each entry, the diff parts that later entries apply to files of
    kernel/: an owned file lands whole in the entry that claims it, in the
    state before those later changes, so that each commit shows one step."""
    entries = []
    for name in series_names:
        _, _, files, diff = parse_entry(os.path.join(TOP, "patches", name))
        entries.append((name, files, split_diff(diff)))
    owned = set(owned_files())
    later = {}
    for i, (_, files, _) in enumerate(entries):
        for rel in files:
            later[rel] = [parts[rel] for _, _, parts in entries[i + 1:]
                          if rel in parts and rel in owned]
    return later


def owned_text(rel, undo):
    """kernel/<rel> with the diff parts in @undo (later steps) reverted,
    newest first."""
    src = os.path.join(TOP, "kernel", rel)
    with open(src) as f:
        text = f.read()
    if not undo:
        return text
    with tempfile.TemporaryDirectory() as d:
        dst = os.path.join(d, rel)
        os.makedirs(os.path.dirname(dst))
        with open(dst, "w") as f:
            f.write(text)
        for part in reversed(undo):
            res = run(["git", "apply", "-R", "-"], cwd=d, inp=part, check=False)
            if res.returncode:
                die("a later change to kernel/%s does not revert:\n%s" % (rel, res.stderr))
        with open(dst) as f:
            return f.read()


def owned_blob(linux, rel, undo):
    """Hash owned_text() into build/linux's object store."""
    return run(["git", "-C", linux, "hash-object", "-w", "--stdin"],
               inp=owned_text(rel, undo)).stdout.strip()


def build_series(linux, series_names):
    idx = os.path.join(os.path.dirname(linux), ".series-index")
    env = dict(os.environ, GIT_INDEX_FILE=idx,
               GIT_AUTHOR_NAME=AUTHOR.split(" <")[0],
               GIT_AUTHOR_EMAIL=AUTHOR.split(" <")[1].rstrip(">"),
               GIT_COMMITTER_NAME=AUTHOR.split(" <")[0],
               GIT_COMMITTER_EMAIL=AUTHOR.split(" <")[1].rstrip(">"),
               GIT_AUTHOR_DATE=DATE, GIT_COMMITTER_DATE=DATE)
    git(linux, "read-tree", "pristine", env=env)
    parent = git(linux, "rev-parse", "pristine^{commit}")
    claimed = {}
    later = later_changes(series_names)
    for name in series_names:
        path = os.path.join(TOP, "patches", name)
        if not os.path.isfile(path):
            die("series names %s, which does not exist" % name)
        subject, body, files, diff = parse_entry(path)
        if diff:
            res = run(["git", "-C", linux, "apply", "--cached",
                       "--whitespace=error-all", "-"], env=env, inp=diff,
                      check=False)
            if res.returncode:
                die("patch %s does not apply:\n%s" % (name, res.stderr))
        for rel in files:
            src = os.path.join(TOP, "kernel", rel)
            if not os.path.isfile(src):
                die("%s claims kernel/%s, which does not exist" % (name, rel))
            if rel in claimed:
                die("kernel/%s is claimed by %s and %s" % (rel, claimed[rel], name))
            claimed[rel] = name
            blob = owned_blob(linux, rel, later.get(rel, []))
            git(linux, "update-index", "--add", "--cacheinfo",
                "100644,%s,%s" % (blob, rel), env=env)
        tree = git(linux, "write-tree", env=env)
        msg = subject + "\n\n" + body
        parent = run(["git", "-C", linux, "commit-tree", tree, "-p", parent,
                      "-F", "-"], env=env, inp=msg).stdout.strip()
    unclaimed = [f for f in owned_files() if f not in claimed]
    if unclaimed:
        die("files in kernel/ that no series entry claims: %s" % ", ".join(unclaimed))
    for rel in claimed:
        want = git(linux, "hash-object", "--", os.path.join(TOP, "kernel", rel))
        have = git(linux, "rev-parse", ":" + rel, env=env)
        if want != have:
            die("after the series, %s differs from kernel/%s" % (rel, rel))
    os.unlink(idx)
    return parent


def main():
    cache = os.environ.get("HDCP_CACHE", "/var/cache/drm-hdcp")
    tarball = os.environ.get("LINUX_TARBALL", "/usr/src/linux-source-6.12.tar.xz")
    linux = os.path.join(TOP, "build", "linux")
    pristine = ensure_pristine(cache, tarball)
    ver = kernel_version(pristine)
    if ver[:2] != EXPECT_MAJOR_MINOR:
        die("cached base kernel is %s.%s.%s, expected 6.12.x" % ver)

    if not os.path.isdir(os.path.join(linux, ".git")):
        os.makedirs(os.path.dirname(linux), exist_ok=True)
        print("assemble: creating build/linux from the pristine %d.%d.%d tree" % ver,
              flush=True)
        run(["git", "clone", "-q", "--shared", "--no-checkout", pristine, linux])
        git(linux, "config", "gc.auto", "0")
        git(linux, "fetch", "-q", "origin", "refs/tags/pristine:refs/tags/pristine")
        git(linux, "checkout", "-q", "--detach", "pristine")
    else:
        # The cache may have been rebuilt from another tarball.
        git(linux, "fetch", "-q", "-f", "origin", "refs/tags/pristine:refs/tags/pristine")

    with open(os.path.join(TOP, "patches", "series")) as f:
        names = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    tip = build_series(linux, names)
    git(linux, "update-ref", "refs/heads/series", tip)
    git(linux, "checkout", "-q", "-f", "series")
    # Files the series no longer adds must not linger.
    git(linux, "clean", "-q", "-f", "-d")
    print("assemble: build/linux is Linux %d.%d.%d + %d patches (%s)"
          % (ver + (len(names), tip[:12])))


if __name__ == "__main__":
    main()
