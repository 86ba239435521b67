// Joining the reports of a sharded campaign (`plumb oracle --shard I/N`, `plumb oracle merge`):
// issue 17 item 5, docs/oracle.md "Campaigns in shards".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace plumb::oracle {

/// Marks a report as shard `index` of `count`: the report gets `"shard": {"index", "count"}` and
/// each case its `position` in the unsharded list of cases (`positions[i]` for the i-th case),
/// so that a merge can restore the order of one run.
void markShard(nlohmann::json& report, size_t index, size_t count, const std::vector<size_t>& positions);

/// One report out of several `plumb-oracle-report` v1 reports of the same revision and the same
/// backends: the cases of all (in the unsharded order where the reports are shards, else in
/// the order given), each backend's counters summed (cases run, seconds, restarts; cases per
/// second recomputed), the summary recomputed from the cases. A merge of every shard of a run
/// equals the report of the run itself except for the timings. Nothing, with `error` set,
/// when the reports cannot be joined (another format, revision or backend set; a case in two
/// reports; shards of different counts or a shard twice).
std::optional<nlohmann::json> mergeReports(const std::vector<nlohmann::json>& reports, std::string& error);

}  // namespace plumb::oracle
