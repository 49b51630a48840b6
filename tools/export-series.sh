#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Export build/linux's series as git format-patch files in build/series/,
# with a cover letter, check each with checkpatch --strict, and check that
# applying the mails in order onto the pristine tree gives the assembled
# tree. Writes build/results/patches.res ("<passed> <failed>").
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
# checkpatch runs spdxcheck.py with "python3": use the distro one, which
# has the ply and git modules that make deps installs.
export PATH=/usr/bin:$PATH
linux=$top/build/linux
out=$top/build/series
res=$top/build/results
mkdir -p "$res"
rm -rf "$out"

# Sign-offs come from the sender's git identity, added here and nowhere
# else. Without one, `make patches` stops; `make check` goes on without
# sign-offs (checkpatch is told so) and says why.
name=$(git -C "$top" config user.name || true)
email=$(git -C "$top" config user.email || true)
if [ -n "$name" ] && [ -n "$email" ]; then
	sender="$name <$email>"
	signoff=(--signoff --from="$sender")
	export GIT_COMMITTER_NAME="$name" GIT_COMMITTER_EMAIL="$email"
	cp_ignore=UNKNOWN_COMMIT_ID
elif [ "${EXPORT_FOR_CHECK:-0}" = 1 ]; then
	sender=""
	signoff=()
	cp_ignore=UNKNOWN_COMMIT_ID,MISSING_SIGN_OFF
	echo "patches: no git user.name/user.email: the mails carry no sign-off"
else
	echo "patches: set git config user.name and user.email: the series is signed off by its sender" >&2
	exit 1
fi

git -C "$linux" format-patch -q --cover-letter --no-signature "${signoff[@]}" \
	--subject-prefix=PATCH -o "$out" pristine..series || exit 1

cover=$(ls "$out"/0000-*.patch)
subject=$(sed -n 's/^Subject: //p' "$top/patches/cover-letter")
python3 - "$cover" "$subject" "$top/patches/cover-letter" <<'PY'
import sys
path, subject, src = sys.argv[1:4]
blurb = open(src).read().split("\n\n", 1)[1].rstrip("\n")
text = open(path).read()
text = text.replace("*** SUBJECT HERE ***", subject)
text = text.replace("*** BLURB HERE ***", blurb)
open(path, "w").write(text)
PY

# checkpatch asks "does MAINTAINERS need updating?" of every patch that adds
# a file and leaves MAINTAINERS alone. It does not when each file it adds
# already has maintainers of its own beyond the catch-all DRM entries (i915's
# files fall under i915's display entry): check that instead of the question.
unmaintained_files() {	# <patch>
	local f t
	grep -q '^diff --git a/MAINTAINERS ' "$1" && return 0
	awk '/^diff --git /{f=$4; sub("^b/","",f)} /^new file mode/{print f}' "$1" |
	while read -r f; do
		# A file a later patch removes is looked up by its directory.
		t=$f
		[ -e "$linux/$f" ] || t=$(dirname "$f")
		(cd "$linux" && perl scripts/get_maintainer.pl --no-git --no-git-fallback \
			-f "$t" 2>/dev/null) | grep -E '\((maintainer|supporter):' |
			grep -qvE ':(DRM DRIVERS|DRM DRIVERS AND MISC GPU PATCHES|THE REST)\)$' ||
			echo "$f: added without a maintainer of its own; MAINTAINERS needs updating"
	done
}

passed=0 failed=0
for p in "$out"/0*.patch; do
	[ "$p" = "$cover" ] && continue
	name=$(basename "$p")
	# The base tree has no history: upstream commit ids cannot be looked up.
	if msg=$(cd "$linux" && perl scripts/checkpatch.pl --strict --quiet \
			--no-summary --show-types --ignore "$cp_ignore,FILE_PATH_CHANGES" \
			"$p" 2>&1; unmaintained_files "$p") &&
	   [ -z "$msg" ]; then
		echo "PASS checkpatch $name"
		passed=$((passed + 1))
	else
		echo "FAIL checkpatch $name"
		sed 's/^/    /' <<<"$msg"
		failed=$((failed + 1))
	fi
done

# Series hygiene. Nothing invented: each mail is signed off by the sender's
# git identity and by nobody else; files that replace upstream ones keep
# upstream's license; the cover letter accounts for every patch.
check() {	# <name> <ok 0/1> [detail]
	if [ "$2" = 1 ]; then
		echo "PASS $1"
		passed=$((passed + 1))
	else
		echo "FAIL $1"
		[ -n "${3:-}" ] && sed 's/^/    /' <<<"$3"
		failed=$((failed + 1))
	fi
}
bad=""
for p in "$out"/0*.patch; do
	[ "$p" = "$cover" ] && continue
	sobs=$(grep '^Signed-off-by: ' "$p")
	want=${sender:+Signed-off-by: $sender}
	[ "$sobs" = "$want" ] || bad+="$(basename "$p"): ${sobs:-no sign-off}"$'\n'
	author=$(git -C "$linux" mailinfo /dev/null /dev/null <"$p" |
		 sed -n 's/^Author: //p; s/^Email: /</p' | paste -sd ' ' | sed 's/$/>/')
	[ -z "$sender" ] || [ "$author" = "$sender" ] || bad+="$(basename "$p"): From: $author"$'\n'
done
check series-signed-off-by-the-sender-only "$([ -z "$bad" ] && echo 1)" "$bad"

bad=""
while read -r f; do
	up=$(git -C "$linux" show "pristine:$f" 2>/dev/null | grep -m1 -o 'SPDX-License-Identifier: .*' | sed 's| \*/$||')
	[ -z "$up" ] && continue
	ours=$(grep -m1 -o 'SPDX-License-Identifier: .*' "$top/kernel/$f" | sed 's| \*/$||')
	[ "$up" = "$ours" ] || bad+="$f: upstream '$up', ours '$ours'"$'\n'
done < <(cd "$top/kernel" && find . -type f | sed 's|^\./||' | sort)
check replaced-files-keep-spdx "$([ -z "$bad" ] && echo 1)" "$bad"

n=$(ls "$out"/0*.patch | grep -vc '/0000-')
bad=$(python3 - "$top/patches/cover-letter" "$n" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
seen = set()
for m in re.finditer(r"(?i)\bpatch(?:es)?\s+(\d+)(?:\s*(-|and)\s*(\d+))?", text):
    a = int(m.group(1)); b = int(m.group(3) or a)
    seen.update(range(a, b + 1) if m.group(2) == "-" else (a, b))
missing = [str(i) for i in range(1, int(sys.argv[2]) + 1) if i not in seen]
if missing:
    print("cover letter does not describe patch(es) " + ", ".join(missing))
PY
)
check cover-letter-describes-every-patch "$([ -z "$bad" ] && echo 1)" "$bad"

# What git am does, without a second checkout of the whole tree: apply each
# mail's diff to an index holding the pristine tree.
idx=$(mktemp "$top/build/.am-index.XXXXXX")
export GIT_INDEX_FILE=$idx
ok=1
git -C "$linux" read-tree pristine
for p in "$out"/0*.patch; do
	[ "$p" = "$cover" ] && continue
	if ! git -C "$linux" mailinfo /dev/null /dev/null <"$p" | grep -q '^Subject: .'; then
		echo "    $(basename "$p"): no subject"; ok=0
	fi
	if ! git -C "$linux" apply --cached "$p"; then
		echo "    $(basename "$p") does not apply"; ok=0; break
	fi
done
tree=$(git -C "$linux" write-tree)
unset GIT_INDEX_FILE
rm -f "$idx"
if [ $ok = 1 ] && [ "$tree" = "$(git -C "$linux" rev-parse 'series^{tree}')" ]; then
	echo "PASS series-applies-to-pristine"
	passed=$((passed + 1))
else
	echo "FAIL series-applies-to-pristine"
	failed=$((failed + 1))
fi

echo "$passed $failed" > "$res/patches.res"
echo "patches: $(ls "$out" | wc -l) files in build/series/"
[ "$failed" -eq 0 ]
