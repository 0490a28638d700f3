// FleetDocument's session: the Fleet tab's inputs as JSON, saved in Settings at exit and
// restored at start, an unknown card or a value outside its option's range dropped and named.
#include "core/analysis/FleetOptions.h"
#include "ui/fleet/FleetDocument.h"
#include "ui/text/UnitsText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace kvtiers::ui {

namespace {

namespace SessionKey {
const auto mix = QStringLiteral("mix");
const auto workload = QStringLiteral("workload");
const auto share = QStringLiteral("share");
const auto rate = QStringLiteral("rate");
const auto rateUnit = QStringLiteral("rate_unit");
const auto hardware = QStringLiteral("hardware");
const auto ttft = QStringLiteral("ttft_seconds");
const auto tpot = QStringLiteral("tpot_milliseconds");
const auto ttftPercentile = QStringLiteral("ttft_percentile");
const auto tpotPercentile = QStringLiteral("tpot_percentile");
const auto tokensPerDay = QStringLiteral("tokens/day");
const auto requestsPerSecond = QStringLiteral("requests/s");
// The layout's keys and words are the fleet option table's (`kvtiers fleet --layout ...`).
const auto layout = QLatin1String(fleet_keys::kLayout);
const auto firstToken = QLatin1String(fleet_keys::kFirstToken);
const auto transferOverlap = QLatin1String(fleet_keys::kTransferOverlap);
const auto cacheAt = QLatin1String(fleet_keys::kCacheAt);
const auto disaggregated = QStringLiteral("disaggregated");
const auto colocated = QStringLiteral("colocated");
} // namespace SessionKey

/// The layout's choices as saved, and read back: a word not among the choices is dropped
/// and named, the choice kept.
void saveLayout(const FleetInputs& in, QJsonObject* o)
{
    o->insert(SessionKey::layout, in.disaggregated ? SessionKey::disaggregated : SessionKey::colocated);
    o->insert(SessionKey::firstToken, QLatin1String(firstTokenAtName(in.layout.firstToken)));
    o->insert(SessionKey::transferOverlap, in.layout.transferOverlap);
    o->insert(SessionKey::cacheAt, QLatin1String(prefixCacheAtName(in.layout.cacheAt)));
}

template <typename Enum>
bool readChoice(
    const QJsonObject& o, QLatin1String key, const char* (*name)(Enum), std::initializer_list<Enum> all, Enum* out)
{
    if (!o.contains(key))
        return true;
    const QString word = o.value(key).toString();
    for (Enum e : all)
        if (word == QLatin1String(name(e))) {
            *out = e;
            return true;
        }
    return false;
}

void restoreLayout(const QJsonObject& o, FleetInputs* in, QStringList* problems)
{
    auto ignored = [problems](QLatin1String key) {
        *problems << FleetDocument::tr("Fleet: ignored the saved value of %1").arg(key);
    };
    const QString layout = o.value(SessionKey::layout).toString();
    if (layout == SessionKey::disaggregated || layout == SessionKey::colocated)
        in->disaggregated = layout == SessionKey::disaggregated;
    else if (o.contains(SessionKey::layout))
        ignored(SessionKey::layout);
    DisaggregatedLayout& l = in->layout;
    if (!readChoice(o, SessionKey::firstToken, firstTokenAtName, { FirstTokenAt::Prefill, FirstTokenAt::Decode },
            &l.firstToken))
        ignored(SessionKey::firstToken);
    if (!readChoice(o, SessionKey::cacheAt, prefixCacheAtName,
            { PrefixCacheAt::Prefill, PrefixCacheAt::Decode, PrefixCacheAt::Shared }, &l.cacheAt))
        ignored(SessionKey::cacheAt);
    if (o.contains(SessionKey::transferOverlap)) {
        const Option<FleetInput>& range = fleetOption(fleet_keys::kTransferOverlap);
        const double v = o.value(SessionKey::transferOverlap).toDouble(std::nan(""));
        if (std::isfinite(v) && v >= range.min && v <= range.max)
            l.transferOverlap = v;
        else
            ignored(SessionKey::transferOverlap);
    }
}

} // namespace

QString FleetDocument::sessionText() const
{
    const FleetInputs& in = input();
    QJsonArray mix;
    for (const auto& row : in.mix)
        mix.append(QJsonObject { { SessionKey::workload, qs(row.workload) }, { SessionKey::share, row.share } });
    QJsonObject o { { SessionKey::mix, mix }, { SessionKey::rate, in.rate },
        { SessionKey::rateUnit,
            in.rateUnit == FleetRateUnit::TokensPerDay ? SessionKey::tokensPerDay : SessionKey::requestsPerSecond },
        { SessionKey::hardware, qs(in.hardware) }, { SessionKey::ttft, in.ttftSeconds },
        { SessionKey::tpot, in.tpotMilliseconds }, { SessionKey::ttftPercentile, in.ttftPercentile },
        { SessionKey::tpotPercentile, in.tpotPercentile } };
    saveLayout(in, &o);
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QStringList FleetDocument::restoreSession(const QString& text)
{
    QStringList problems;
    if (text.isEmpty())
        return problems; // nothing saved yet: the example mix stays
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8());
    if (!doc.isObject()) {
        problems << tr("Fleet: the saved inputs could not be read; the example mix is shown.");
        return problems;
    }
    const QJsonObject o = doc.object();
    FleetInputs in = input();
    const QString unit = o.value(SessionKey::rateUnit).toString();
    if (unit == SessionKey::tokensPerDay)
        in.rateUnit = FleetRateUnit::TokensPerDay;
    else if (unit == SessionKey::requestsPerSecond)
        in.rateUnit = FleetRateUnit::RequestsPerSecond;
    else if (o.contains(SessionKey::rateUnit))
        problems << tr("Fleet: ignored the saved value of %1").arg(SessionKey::rateUnit);
    // A number is taken only within its option's range (FleetOptions.h), in the unit the
    // tab holds it in; anything else keeps the value, with a word in the status bar.
    auto number = [&](const QString& key, double min, double max, double* out) {
        if (!o.contains(key))
            return;
        const double v = o.value(key).toDouble(std::nan(""));
        if (std::isfinite(v) && v >= min && v <= max)
            *out = v;
        else
            problems << tr("Fleet: ignored the saved value of %1").arg(key);
    };
    const auto [rateMin, rateMax] = rateRange(in.rateUnit);
    number(SessionKey::rate, rateMin, rateMax, &in.rate);
    const auto& ttft = fleetOption(kTtftSecondsKey);
    number(SessionKey::ttft, ttft.min, ttft.max, &in.ttftSeconds);
    const auto& tpot = fleetOption(kTpotSecondsKey);
    number(SessionKey::tpot, tpot.min * 1000, tpot.max * 1000, &in.tpotMilliseconds);
    auto percentile = [&](const QString& key, double* out) {
        if (!o.contains(key))
            return;
        const double v = o.value(key).toDouble(std::nan(""));
        if (validPercentile(v))
            *out = v;
        else
            problems << tr("Fleet: ignored the saved value of %1").arg(key);
    };
    percentile(SessionKey::ttftPercentile, &in.ttftPercentile);
    percentile(SessionKey::tpotPercentile, &in.tpotPercentile);
    restoreLayout(o, &in, &problems);
    if (o.contains(SessionKey::hardware)) {
        const std::string id = o.value(SessionKey::hardware).toString().toStdString();
        if (m_catalog.hardware().count(id))
            in.hardware = id;
        else
            problems << tr("Fleet: the saved server profile %1 is not a hardware card; kept %2")
                            .arg(qs(id), qs(in.hardware));
    }
    if (o.contains(SessionKey::mix)) {
        in.mix.clear();
        for (const QJsonValue& v : o.value(SessionKey::mix).toArray()) {
            const std::string id = v.toObject().value(SessionKey::workload).toString().toStdString();
            const double share = v.toObject().value(SessionKey::share).toDouble(std::nan(""));
            if (!m_catalog.workloads().count(id))
                problems << tr("Fleet: dropped the saved workload %1: no such workload card").arg(qs(id));
            else if (!std::isfinite(share) || share < 0)
                problems
                    << tr("Fleet: dropped the saved workload %1: its share is not a number of 0 or more").arg(qs(id));
            else
                in.mix.push_back({ id, share });
        }
    }
    resetInput(in); // a restored session starts its own history
    return problems;
}

} // namespace kvtiers::ui
