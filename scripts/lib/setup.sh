# Shared by scripts/test and scripts/play: what a fresh machine needs before the project runs.

# Install Debian packages that are missing (needs root or sudo; a no-op when all are present).
ensure_debian_packages() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing Debian packages: ${missing[*]}" >&2
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# Create .venv when absent and install the project (with the given extra, if any) into it.
# pip runs only when pyproject.toml changed since the last install (its hash is kept in .venv):
# the install is editable, so changes to the sources need none.
ensure_venv() {
  local extra="${1:-}"
  [ -x .venv/bin/python ] || python3 -m venv .venv
  local target="."
  [ -n "$extra" ] && target=".[$extra]"
  local stamp=".venv/.carrom-installed${extra:+-$extra}"
  local want
  want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
  [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && return 0
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$target" 2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)
  echo "$want" > "$stamp"
}

# SoL 5.26 (GPL-3) in its own venv, .venv-sol, for the differential tests only: it is a test oracle,
# driven in a subprocess by tests/tournament/sol_oracle.py; nothing of it is imported by carrom.
# Made once; a failed install only leaves those tests skipped (they say so).
ensure_sol_oracle() {
  [ -x .venv-sol/bin/python ] && .venv-sol/bin/python -c "import sol" 2>/dev/null && return 0
  [ -x .venv-sol/bin/python ] || python3 -m venv .venv-sol
  .venv-sol/bin/python -m pip install --quiet --disable-pip-version-check "sol==5.26" \
    2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)  # no oracle, no run: the suite needs it
}
