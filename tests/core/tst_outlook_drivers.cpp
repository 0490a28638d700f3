// The checked edits of an outlook year's drivers (core/analysis/OutlookDrivers), as every
// front end makes them. A year's own drivers: tokens per day and a share are set, the
// other shares rescaled; in a year driven by demand its tokens and shares are outputs, and
// an edit of either is refused with the one sentence that says so.

#include "core/analysis/OutlookDrivers.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/InputError.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

using namespace kvtiers;

namespace {

const OutlookMixEntry& entry(const OutlookYear& year, const std::string& workload)
{
    const auto it = std::find_if(
        year.mix.begin(), year.mix.end(), [&](const OutlookMixEntry& e) { return e.workload == workload; });
    if (it == year.mix.end())
        throw std::runtime_error(workload + " not in " + std::to_string(year.year));
    return *it;
}

/// The error `edit` throws; a failure if it throws none.
template <typename Edit> InputError refusal(Edit edit)
{
    try {
        edit();
    } catch (const InputError& e) {
        return e;
    }
    return InputError("accepted");
}

} // namespace

class TestOutlookDrivers : public QObject {
    Q_OBJECT
private slots:
    /// Tokens per day and a target set as given; a share set takes its difference from the
    /// other workloads in proportion; values out of the year's option table are refused
    /// naming the option's key.
    void yearDriversAreSetAndChecked()
    {
        const OutlookCard& steady = CardCatalog::builtin().outlooks().at("steady");
        const OutlookCard more = withOutlookYearDriver(steady, 2, "tokens_per_day", 3e15);
        QCOMPARE(more.years[2].tokensPerDay, 3e15);
        QVERIFY(more.years[1] == steady.years[1]);
        QCOMPARE(withOutlookYearDriver(steady, 0, kTtftSecondsKey, 4).years[0].targets.ttftSeconds,
            std::optional<double>(4));
        const OutlookCard share = withOutlookYearDriver(steady, 1, kOutlookShareKey, 0.5, "chat");
        const double chat = entry(steady.years[1], "chat").share;
        QCOMPARE(entry(share.years[1], "chat").share, 0.5);
        double sum = 0;
        for (const OutlookMixEntry& e : share.years[1].mix) {
            sum += e.share;
            if (e.workload != "chat")
                QVERIFY(std::abs(e.share - entry(steady.years[1], e.workload).share * 0.5 / (1 - chat)) < 1e-12);
        }
        QVERIFY(std::abs(sum - 1) < 1e-12);
        for (const auto& [key, value] : { std::pair { "tokens_per_day", 0.5 }, std::pair { "tokens_per_day", -1.0 },
                 std::pair { kTtftSecondsKey, 0.0 }, std::pair { kOutlookShareKey, 1.5 } }) {
            const InputError e = refusal([&] { withOutlookYearDriver(steady, 0, key, value, "chat"); });
            QCOMPARE(e.detail().code, InputErrorCode::ValueOutOfRange);
            QCOMPARE(e.detail().where, std::string(key));
        }
        // All of the year on chat, then less of it: no other workload has a share to take the rest.
        const OutlookCard all = withOutlookYearDriver(steady, 0, kOutlookShareKey, 1, "chat");
        QCOMPARE(std::string(refusal([&] { withOutlookYearDriver(all, 0, kOutlookShareKey, 0.4, "chat"); }).what()),
            std::string("the other workloads have no share to take up the rest"));
        QVERIFY_THROWS_EXCEPTION(InputError, withOutlookYearDriver(steady, 0, "no_such_driver", 1));
        QVERIFY_THROWS_EXCEPTION(InputError, withOutlookYearDriver(steady, 9, "tokens_per_day", 1e15));
    }

    /// A year driven by demand has its tokens and shares follow from its workloads' requests:
    /// setting either is refused, naming the year, for the GUI and any other front end alike;
    /// its targets are still set.
    void aDemandYearRefusesItsTokensAndShares()
    {
        const OutlookCard& adoption = CardCatalog::builtin().outlooks().at("agent-adoption");
        QVERIFY(adoption.years[2].drivenByDemand());
        for (const auto& [key, workload] : { std::pair { std::string("tokens_per_day"), std::string() },
                 std::pair { std::string("share"), std::string("chat") } }) {
            const InputError e = refusal([&] { withOutlookYearDriver(adoption, 2, key, 0.3e15, workload); });
            QCOMPARE(std::string(e.what()),
                std::string(
                    "2028 is driven by each workload's requests a day: its tokens and shares follow from them"));
            QCOMPARE(std::string(e.message().source),
                std::string("%1 is driven by each workload's requests a day: its tokens and shares follow from them"));
        }
        QCOMPARE(withOutlookYearDriver(adoption, 2, kTpotSecondsKey, 0.08).years[2].targets.tpotSeconds,
            std::optional<double>(0.08));
    }
};

QTEST_GUILESS_MAIN(TestOutlookDrivers)
#include "tst_outlook_drivers.moc"
