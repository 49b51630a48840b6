#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Regenerate the diffs of patches/ entries from their intent.

A developer's helper, not part of the build. For each entry from FIRST on
(a file name in patches/series), re-applies the entry's hunks to every file
but MAINTAINERS, adds the F: lines its MAINTAINERS hunk adds (kept sorted
in our entry), plus any given with --add-f ENTRY:PATTERN, and rewrites the
entry's diff so that its context matches the tree the earlier entries now
produce. Run `make tree` afterwards.

  tools/refresh-series.py FIRST [--add-f 0008-...patch:drivers/gpu/drm/tests/x.h]
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import assemble  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINUX = os.path.join(TOP, "build", "linux")
ENTRY = "DRM CONTENT PROTECTION (HDCP) HELPERS\n"


def git(*args, inp=None):
    return subprocess.run(["git", "-C", LINUX] + list(args), input=inp, check=True,
                          stdout=subprocess.PIPE, universal_newlines=True).stdout


def split(path):
    text = open(path).read()
    head, _, diff = text.partition("\n---\n")
    return head + "\n---\n", diff


def drop_maintainers(diff):
    parts = re.split(r"(?m)^(?=diff --git )", diff)
    keep = [p for p in parts if p and not p.startswith("diff --git a/MAINTAINERS ")]
    added = []
    for p in parts:
        if p.startswith("diff --git a/MAINTAINERS "):
            added += [l[1:] for l in p.splitlines() if l.startswith("+F:")]
    return "".join(keep), added


def add_f_lines(lines):
    path = os.path.join(LINUX, "MAINTAINERS")
    text = open(path).read()
    a = text.index(ENTRY)
    b = text.index("\n\n", a)
    entry = text[a:b].split("\n")
    fs = sorted(set([l for l in entry if l.startswith("F:")] + lines))
    entry = [l for l in entry if not l.startswith("F:")] + fs
    open(path, "w").write(text[:a] + "\n".join(entry) + text[b:])


def main():
    first = sys.argv[1]
    extra = {}
    args = sys.argv[2:]
    while args:
        if args[0] == "--add-f":
            name, pat = args[1].split(":", 1)
            extra.setdefault(name, []).append("F:\t" + pat)
            args = args[2:]
        else:
            sys.exit("unknown argument %s" % args[0])
    names = [l.strip() for l in open(os.path.join(TOP, "patches", "series"))
             if l.strip() and not l.startswith("#")]
    idx = names.index(first)
    later = assemble.later_changes(names)
    git("checkout", "-q", "-f", "series")
    git("checkout", "-q", "-f", "-B", "refresh", "series~%d" % (len(names) - idx))
    for name in names[idx:]:
        path = os.path.join(TOP, "patches", name)
        head, diff = split(path)
        rest, added = drop_maintainers(diff)
        if rest.strip():
            git("apply", "-", inp=rest)
        files = re.findall(r"(?m)^Files: (.*)$", head)
        for rel in " ".join(files).split():
            dst = os.path.join(LINUX, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            open(dst, "w").write(assemble.owned_text(rel, later.get(rel, [])))
        if added or name in extra:
            add_f_lines(added + extra.get(name, []))
        git("add", "-A")
        # Debian's top-level .gitignore ("/*") hides new files from add -A.
        owned = [rel for rel in " ".join(files).split()]
        # Files the entry's hunks create are hidden the same way.
        created = re.findall(r"(?m)^diff --git a/\S+ b/(\S+)\nnew file mode", rest)
        if owned or created:
            git("add", "-f", "--", *(owned + created))
        new = git("diff", "--cached", "--", ".", *[":!" + f for f in " ".join(files).split()])
        git("-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "-m", name)
        open(path, "w").write(head + new)
        print("refreshed", name)
    git("checkout", "-q", "-f", "series")


if __name__ == "__main__":
    main()
