#pragma once
// The Under load tests' trace and their reference: the first requests of the shipped
// Mooncake conversation trace as a file of their own, and the core's sweep of it as the
// view replays it (replay::planLoadSweep then runReplaySweep, with the view's sequence
// limit: the scenario's concurrency), so that a test compares the chart with the model.

#include "core/replay/LoadCurve.h"
#include "core/trace/TraceReader.h"
#include "tests/support/SourceFiles.h"

#include <QFile>
#include <QString>

#include <algorithm>
#include <cmath>

namespace kvtiers::test {

/// Writes the first `requests` lines of the shipped Mooncake conversation trace to `path`.
[[nodiscard]] inline bool writeSmallTrace(const QString& path, int requests)
{
    QFile in(sourceDir() + QStringLiteral("/tests/data/traces/mooncake-conversation.jsonl"));
    QFile out(path);
    if (!in.open(QIODevice::ReadOnly) || !out.open(QIODevice::WriteOnly))
        return false;
    for (int i = 0; i < requests && !in.atEnd(); ++i)
        out.write(in.readLine());
    return true;
}

/// The core's sweep of the trace at `path` as the Under load view replays it with `o`.
inline replay::ReplaySweep loadViewSweep(const QString& path, const Scenario& scenario, const EvalResult& result,
    replay::ReplayOptions o, replay::ReplaySweepAxis axis, int points)
{
    auto reader = trace::TraceReader::open(path.toStdString());
    const replay::ReplayTrace t = replay::loadReplayTrace(*reader);
    o.keepRequests = false;
    o.maxSeqs = std::max(1.0, std::floor(scenario.workload.concurrency)); // the view's default
    replay::ReplaySweep sweep = replay::planLoadSweep(t, scenario, result, o, axis, points);
    replay::runReplaySweep(sweep, t, scenario, result, o);
    return sweep;
}

} // namespace kvtiers::test
