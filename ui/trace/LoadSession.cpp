// LoadDocument's session: the Under load view's inputs as JSON under their option keys,
// saved in Settings at exit and restored at start. A value the table refuses is left out
// and named; a percentile saved as a fraction (0.99, as the view once wrote p99) is read as
// the percentile it meant, and said once: the next save writes 99.
#include "ui/text/UnitsText.h"
#include "ui/trace/LoadDocument.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <array>
#include <cmath>

namespace kvtiers::ui {

namespace {

/// The inputs the view shows, by key: what a session keeps.
const std::array<const char*, 19> kSessionKeys
    = { replay::replay_keys::kSweep, replay::replay_keys::kPoints, replay::replay_keys::kTrafficScale, kTtftSecondsKey,
          kTtftPercentileKey, kTpotSecondsKey, kTpotPercentileKey, kTbtSecondsKey, kTbtPercentileKey,
          "capacity_blocks.hbm", "capacity_blocks.dram", "capacity_blocks.ssd", replay::replay_keys::kReplicas,
          replay::replay_keys::kMaxSeqs, replay::replay_keys::kPrefillReplicas, replay::replay_keys::kDecodeReplicas,
          replay::replay_keys::kFirstToken, replay::replay_keys::kTransferOverlap, replay::replay_keys::kCacheAt };

} // namespace

QString LoadDocument::sessionText() const
{
    QJsonObject o;
    for (const char* key : kSessionKeys) {
        const Option<replay::ReplayInput>& option = replay::replayOption(key);
        const std::optional<double> v = option.field.get(inputs());
        if (!v)
            continue;
        if (option.kind == OptionKind::Choice)
            o.insert(QLatin1String(key), QString::fromStdString(optionChoiceName(option, static_cast<int>(*v))));
        else
            o.insert(QLatin1String(key), *v);
    }
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QStringList LoadDocument::restoreSession(const QString& text)
{
    QStringList problems;
    if (text.isEmpty())
        return problems; // nothing saved yet: the defaults stay
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8());
    if (!doc.isObject()) {
        problems << tr("Under load: the saved inputs could not be read; the defaults are shown.");
        return problems;
    }
    const QJsonObject o = doc.object();
    replay::ReplayInput in = defaultInputs();
    for (const char* key : kSessionKeys) {
        const QJsonValue saved = o.value(QLatin1String(key));
        if (saved.isUndefined())
            continue;
        const Option<replay::ReplayInput>& option = replay::replayOption(key);
        try {
            double value = std::nan("");
            if (option.kind == OptionKind::Choice)
                value = optionChoiceIndex(option, saved.toString().toStdString());
            else
                value = saved.toDouble(std::nan(""));
            if (option.kind == OptionKind::Percentile && value > 0 && value < kMinPercentile) {
                // The old form: a fraction. The view wrote p99 as 0.99 before percentiles
                // were written as everywhere else.
                const double meant = value * 100;
                problems << tr("Under load: read the saved percentile %1 as %2 (percentiles are written 99 for p99, "
                               "not 0.99)")
                                .arg(QString::number(value), qs(percentileName(meant)));
                value = meant;
            }
            checkOptionValue(option, value);
            // The view sweeps DRAM or SSD; the replica count is the command line's.
            if (std::string_view(key) == replay::replay_keys::kSweep
                && static_cast<replay::ReplaySweepAxis>(static_cast<int>(value)) == replay::ReplaySweepAxis::Replicas)
                throw InputError(key);
            option.field.set(in, value);
        } catch (const InputError&) {
            problems << tr("Under load: ignored the saved value of %1").arg(QLatin1String(key));
        }
    }
    resetInput({ in, nullptr, false, std::nullopt });
    return problems;
}

} // namespace kvtiers::ui
