// Files written whole or not at all (design.md principle 5: an interrupted run loses nothing
// and leaves nothing half-written): the text goes to a hidden temporary file beside the target,
// which is renamed over it. While a temporary file exists its path is registered, so that a
// SIGINT/SIGTERM/SIGHUP handler (installTemporaryFileCleanup) can remove it before the
// process dies.
#pragma once

#include <string>

namespace plumb {

/// Writes `text` to `path` through a temporary file and rename. On failure returns false and
/// sets `error` (the target is then untouched).
bool writeFileAtomically(const std::string& path, const std::string& text, std::string& error);

/// The temporary name writeFileAtomically uses for `path`: ".NAME.tmp.PID" beside it.
std::string temporaryPathFor(const std::string& path);

/// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove the temporary file being
/// written (if any) and then end the process as the signal would have. Idempotent.
void installTemporaryFileCleanup();

}  // namespace plumb
