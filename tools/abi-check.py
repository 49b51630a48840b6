#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""ABI check of build/linux's series against the pristine tree.

* Every symbol that the pristine drm, drm_display_helper and i915 sources
  export is still exported, with the same kind of export (a GPL-only
  export must not replace a plain one) and the same prototype (types
  only: parameter names may change).
* Every header under include/uapi is byte for byte the pristine one.

Prints one "PASS"/"FAIL" line per check and exits non-zero on failure.
"""

import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINUX = os.path.join(TOP, "build", "linux")
SCOPES = {
    "drm": re.compile(r"^drivers/gpu/drm/[^/]+\.c$"),
    "drm_display_helper": re.compile(r"^drivers/gpu/drm/display/[^/]+\.c$"),
    "i915": re.compile(r"^drivers/gpu/drm/i915/.+\.c$"),
}
EXPORT_RE = re.compile(r"^\s*(EXPORT_SYMBOL(?:_GPL)?(?:_NS(?:_GPL)?)?)\s*\(\s*(\w+)", re.M)


def git(*args):
    return subprocess.run(["git", "-C", LINUX] + list(args), check=True,
                          stdout=subprocess.PIPE, universal_newlines=True).stdout


def show(rev, path):
    res = subprocess.run(["git", "-C", LINUX, "show", "%s:%s" % (rev, path)],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         universal_newlines=True)
    return res.stdout if res.returncode == 0 else None


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def normalize_param(p):
    p = " ".join(p.split())
    if p in ("void", "...", ""):
        return p
    p = re.sub(r"\(\s*\*\s*\w+\s*\)", "(*)", p)
    if "(" in p:
        return p
    p = re.sub(r"\s*\[[^\]]*\]\s*$", "[]", p)
    arr = p.endswith("[]")
    core = p[:-2] if arr else p
    m = re.match(r"^(.*?[\s*])(\w+)$", core)
    if m and m.group(1).strip() and m.group(1).strip() not in ("struct", "enum", "union"):
        core = m.group(1).strip()
    core = re.sub(r"\s*\*\s*", " *", core).replace("* *", "**").strip()
    return core + ("[]" if arr else "")


def prototypes(text):
    """name -> normalized prototype for every function defined in text."""
    out = {}
    text = strip_comments(text)
    for m in re.finditer(r"^([A-Za-z_][^;{}()#=]*?)\b(\w+)\s*\(([^;{}]*?)\)\s*\{",
                         text, re.M):
        ret, name, params = m.group(1), m.group(2), m.group(3)
        ret = " ".join(ret.split())
        ret = re.sub(r"\b(static|inline|__always_inline|noinline|__cold|__must_check)\b", "", ret)
        ret = re.sub(r"\s*\*\s*", " *", " ".join(ret.split())).strip()
        ps = [normalize_param(p) for p in split_params(params)]
        out[name] = "%s %s(%s)" % (ret, name, ", ".join(ps))
    return out


def split_params(params):
    parts, depth, cur = [], 0, ""
    for ch in params:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return parts


def exports(text):
    return {m.group(2): m.group(1) for m in EXPORT_RE.finditer(strip_comments(text))}


def main():
    failures = 0
    changed = [l for l in git("diff", "--name-only", "pristine", "series").splitlines()]
    all_new = git("ls-tree", "-r", "--name-only", "series", "drivers/gpu/drm").splitlines()

    for scope, rx in SCOPES.items():
        files = [f for f in changed if rx.match(f)]
        checked, problems = 0, []
        new_exports = None
        for f in files:
            old = show("pristine", f)
            if old is None:
                continue
            new = show("series", f) or ""
            old_exp, new_exp = exports(old), exports(new)
            old_proto, new_proto = prototypes(old), prototypes(new)
            for sym, kind in old_exp.items():
                checked += 1
                where_text = new if sym in new_exp else None
                if where_text is None:
                    if new_exports is None:
                        new_exports = {}
                        for g in all_new:
                            if rx.match(g):
                                t = show("series", g) or ""
                                for s, k in exports(t).items():
                                    new_exports[s] = (k, g)
                    if sym not in new_exports:
                        problems.append("%s: %s is no longer exported" % (f, sym))
                        continue
                    kind_new, g = new_exports[sym]
                    new_p = prototypes(show("series", g) or "").get(sym)
                else:
                    kind_new = new_exp[sym]
                    new_p = new_proto.get(sym)
                if "GPL" in kind_new and "GPL" not in kind:
                    problems.append("%s: %s became %s" % (f, sym, kind_new))
                old_p = old_proto.get(sym)
                if old_p and new_p and old_p != new_p:
                    problems.append("%s: prototype of %s changed:\n    was %s\n    now %s"
                                    % (f, sym, old_p, new_p))
                elif old_p and not new_p:
                    problems.append("%s: no definition of %s found" % (f, sym))
        if problems:
            failures += 1
            print("FAIL abi-exports-%s" % scope)
            for p in problems:
                print("  " + p)
        else:
            print("PASS abi-exports-%s (%d exports in %d changed files)"
                  % (scope, checked, len(files)))

    uapi = [f for f in changed if f.startswith("include/uapi/")]
    if uapi:
        failures += 1
        print("FAIL abi-uapi-identical: " + ", ".join(uapi))
    else:
        print("PASS abi-uapi-identical")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
