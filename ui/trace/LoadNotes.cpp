// LoadView's words: the summary under the chart (what was replayed, on how many replicas
// with what sequence limit and where it came from, how prefill and decode were split and
// what their KV transfer took, what the sweep assumes of the scenario's offload rate,
// whether the replicas kept up with the trace, the sizing for the SLO;
// core/replay/LoadCurve.h), and the names of its fields and tiers.
#include "ui/text/UnitsText.h"
#include "ui/trace/LoadView.h"

#include <cmath>

namespace kvtiers::ui {

namespace {

namespace key = replay::replay_keys;

/// The bytes of a sweep point per server, in the chart's units.
QString pointBytes(const replay::ReplaySweepPoint& point, ByteUnits units)
{
    return bytesText(point.bytes, units);
}

} // namespace

QString LoadView::summaryText() const
{
    const auto& curve = m_doc->curve();
    if (!curve)
        return tr("Each point replays every request of the trace at its timestamp on the scenario's replicas "
                  "(queueing, restores over the links, chunked prefill, decode), as kvtiers replay does in a sweep; "
                  "goodput counts the requests per second that meet the latency targets.");
    // What goodput counts is in the chart's legend.
    QString text = tr("%1 replayed with %2's scenario at %n capacities of %3 per server; the other tiers as the "
                      "scenario has them.",
        nullptr, static_cast<int>(curve->sweep.points.size()))
                       .arg(m_doc->curveTraceName(), m_doc->curveModelName(), LoadChart::tierName(curve->sweep.axis));
    const QString notes = notesText(*curve, m_chart->units());
    return notes.isEmpty() ? text : text + QLatin1Char('\n') + notes;
}

QString LoadView::notesText(const LoadCurve& curve, ByteUnits units)
{
    if (curve.sweep.points.empty())
        return {};
    QStringList lines;
    const replay::ReplayResult& first = curve.sweep.points.front().result;
    const QString seqs = countText(first.maxSeqs);
    const QString replicas = first.prefillReplicas > 0
        ? tr("%1 prefill + %2 decode").arg(first.prefillReplicas).arg(first.decodeReplicas)
        : QString::number(first.replicas);
    lines << (curve.maxSeqsFromScenario
            ? tr("Replicas replayed: %1, each running at most %2 sequences at once (the scenario's concurrency).")
                  .arg(replicas, seqs)
            : tr("Replicas replayed: %1, each running at most %2 sequences at once (as typed).").arg(replicas, seqs));
    if (first.prefillReplicas > 0)
        lines << transferText(curve, units);
    const QString tier = LoadChart::tierName(curve.sweep.axis);
    if (!(curve.offloadRate > 0))
        lines << tr("The scenario offloads nothing (offload rate 0%): at its own point, 0 B of %1, %1 serves no "
                    "hit. The other points assume every evicted block is offloaded to %1 (offload rate 100%).")
                     .arg(tier);
    else if (curve.offloadRate < 1)
        lines << tr("%1 is replayed as if every evicted block were offloaded to it; the scenario offloads %2 of "
                    "them, so its hits here are an upper bound.")
                     .arg(tier, percentText(curve.offloadRate));
    if (curve.sizing) {
        const replay::SloSizing& z = *curve.sizing;
        QStringList tried;
        for (const replay::ReplicaTrial& t : z.search.tried)
            tried << (t.meets ? tr("%1 met").arg(t.replicas) : tr("%1 missed").arg(t.replicas));
        lines << tr("Sized for the SLO at %1 requests/s: the fleet sizing (its queueing model, the scenario's "
                    "lengths) needs %2 replicas of %3 sequences; replayed with %4 sequences, the trace meets TTFT "
                    "%5 within %6 and TPOT %7 within %8 on %9 replicas at the scenario's capacities (replayed: %10).")
                     .arg(significantText(z.offeredRps, 3), countText(z.fleetReplicas), countText(z.fleetSequences),
                         countText(z.replayedSequences), qs(percentileName(curve.targets.ttftAt())),
                         secondsText(curve.targets.ttft()), qs(percentileName(curve.targets.tpotAt())),
                         secondsText(curve.targets.tpot()), QString::number(z.search.replicas),
                         tried.join(QStringLiteral(", ")));
    }
    const std::vector<std::size_t> over = replay::overloadedPoints(curve);
    if (!over.empty()) {
        const replay::ReplaySweepPoint& point = curve.sweep.points[over.front()];
        lines << tr("Overloaded at %1 of %2 capacities: %3 requests/s offered, %4 served at %5 per server. The "
                    "replicas cannot keep up, so the queue grows as the trace arrives and TTFT measures the "
                    "backlog; add replicas or lower the traffic.")
                     .arg(QString::number(over.size()), QString::number(curve.sweep.points.size()),
                         significantText(curve.offeredRps, 2), significantText(replay::servedRps(point.result), 2),
                         pointBytes(point, units));
    }
    return lines.join(QLatin1Char('\n'));
}

QString LoadView::transferText(const LoadCurve& curve, ByteUnits units)
{
    // The replay nearest the scenario's own capacity: what the deployment as it stands sends.
    const replay::ReplaySweepPoint* at = &curve.sweep.points.front();
    for (const replay::ReplaySweepPoint& point : curve.sweep.points)
        if (std::abs(point.value - curve.sweep.current) < std::abs(at->value - curve.sweep.current))
            at = &point;
    const replay::ReplayResult& r = at->result;
    const replay::ReplayOptions& o = r.options;
    const QString first = o.firstTokenAt.value_or(replay::FirstTokenAt::Decode) == replay::FirstTokenAt::Prefill
        ? tr("the prefill replica")
        : tr("the decode replica, after the transfer");
    const replay::PrefixCacheAt cacheAt = o.cacheAt.value_or(replay::PrefixCacheAt::Prefill);
    const QString cache = cacheAt == replay::PrefixCacheAt::Prefill ? tr("each prefill server's own")
        : cacheAt == replay::PrefixCacheAt::Decode                  ? tr("the decode servers'")
                                                                    : tr("one pool across the prefill servers");
    const double rate = r.durationSeconds > 0 ? r.transferBytes / r.durationSeconds : 0;
    return tr("Prefill and decode split: the first token from %1; %2 of each KV transfer streamed during its "
              "prefill; DRAM/SSD prefix cache: %3. KV transfer at %4 per server: mean %5, p99 %6 a request; %7 "
              "sent in all, %8 over the replay (%9 of the prefill NICs' time).")
        .arg(first, percentText(o.transferOverlap.value_or(0.0)), cache, bytesText(at->bytes, units),
            secondsText(r.transferSeconds.mean), secondsText(r.transferSeconds.p99), bytesText(r.transferBytes, units),
            rateText(rate), percentText(r.scaleOut.mean));
}

QString LoadView::fieldName(std::string_view optionKey) const
{
    if (optionKey == key::kSweep)
        return tr("Vary");
    if (optionKey == key::kPoints)
        return tr("Points");
    if (optionKey == key::kTrafficScale)
        return tr("Traffic");
    if (optionKey == key::kReplicas)
        return tr("Replicas");
    if (optionKey == key::kMaxSeqs)
        return tr("Sequence limit");
    if (optionKey == kTtftSecondsKey)
        return tr("TTFT target");
    if (optionKey == kTpotSecondsKey)
        return tr("TPOT target");
    if (optionKey == kTtftPercentileKey)
        return tr("TTFT percentile");
    if (optionKey == kTpotPercentileKey)
        return tr("TPOT percentile");
    if (optionKey == kTbtSecondsKey)
        return tr("TBT target");
    if (optionKey == kTbtPercentileKey)
        return tr("TBT percentile");
    if (optionKey == key::kPrefillReplicas)
        return tr("Prefill replicas");
    if (optionKey == key::kDecodeReplicas)
        return tr("Decode replicas");
    if (optionKey == key::kFirstToken)
        return tr("First token from");
    if (optionKey == key::kTransferOverlap)
        return tr("Transfer overlap");
    if (optionKey == key::kCacheAt)
        return tr("Cache at");
    if (const auto tier = replay::capacityKeyTier(optionKey))
        return tr("Fixed %1").arg(tierText(*tier));
    return {};
}

QString LoadView::tierText(Tier tier)
{
    switch (tier) {
    case Tier::Hbm:
        return tr("HBM");
    case Tier::Dram:
        return tr("DRAM");
    case Tier::Ssd:
        break;
    }
    return tr("SSD");
}

} // namespace kvtiers::ui
