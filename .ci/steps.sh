# How .ci/run runs its steps (sourced; test/ci-steps.test.ts runs these functions on their own).
# Each failure lands in failed_steps as `--failed-step <name>`, the arguments tools/ci/summary.mjs takes.
failed_steps=()

# step <name> <command...>: runs it, prints how long it took, records it when it fails. A jest run
# (tests <name> <minutes> <command...>) is recorded only when it outlives its minutes (a test left a
# timer or a server open, so jest never exits: a hang fails in minutes, not at CI's limit); otherwise
# its report counts its failures (a missing report counts).
timed() {
	local name="$1" start=$SECONDS
	shift
	echo "::: $name"
	"$@"
	local code=$?
	echo "::: $name: $((SECONDS - start)) s"
	return $code
}
step() { timed "$@" || failed_steps+=(--failed-step "$1"); }
tests() {
	local name="$1" minutes="$2"
	shift 2
	timed "$name" timeout --kill-after=30 "${minutes}m" "$@"
	[ $? -eq 124 ] && failed_steps+=(--failed-step "$name: still running after $minutes minutes (a test left a timer or a server open?)")
	return 0
}
