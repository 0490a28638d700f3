// The checked edits of an outlook year's drivers (core/analysis/OutlookDrivers), as every
// front end makes them. A year's own drivers: tokens per day and a share are set, the
// other shares rescaled; in a year driven by demand its tokens and shares are outputs, and
// an edit of either is refused with the one sentence that says so. A workload's demand in
// a year driven by demand (agent-adoption): requests a day, sessions a day and requests
// per session are set, the shares follow as the reader makes them, and the tokens resolve
// to the requests added × the workload's context; a workload given in sessions keeps its
// requests per session when its requests a day are set. Refused, naming the field: a
// negative, zero, NaN, infinite or too large figure, sessions × requests per session past
// the requests' range; refused with a sentence naming the year: demand in a year driven by
// tokens, sessions of a workload given in requests.

#include "core/analysis/OutlookDemand.h"
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

double contextOf(const OutlookYear& year, const std::string& workload)
{
    for (const OutlookWorkloadDrivers& d : outlookWorkloadDrivers(CardCatalog::builtin(), year))
        if (d.workload == workload)
            return d.context;
    return 0;
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

    /// The drivers of a year driven by demand carry each workload's demand as the card gives
    /// it; a year driven by tokens carries none. The figure a workload's demand cites is its own
    /// where the year gives one, else the mix's.
    void driversCarryTheDemand()
    {
        const CardCatalog& catalog = CardCatalog::builtin();
        const OutlookYear& y = catalog.outlooks().at("agent-adoption").years[2];
        int seen = 0;
        for (const OutlookWorkloadDrivers& d : outlookWorkloadDrivers(catalog, y)) {
            const OutlookMixEntry& e = entry(y, d.workload);
            QCOMPARE(d.requestsPerDay, std::optional<double>(e.demandRequestsPerDay()));
            QCOMPARE(d.sessionsPerDay, e.sessionsPerDay);
            QCOMPARE(d.requestsPerSession, e.sessionsPerDay ? e.requestsPerSession : std::nullopt);
            ++seen;
        }
        QCOMPARE(seen, int(y.mix.size()));
        QCOMPARE(entry(y, "agentic-coding").sessionsPerDay, std::optional<double>(2.911e8));
        QCOMPARE(outlookDemandFigure(y, "agentic-coding"), std::string("mix.agentic-coding"));
        QCOMPARE(outlookDemandFigure(y, "chat"), std::string("mix"));
        for (const OutlookWorkloadDrivers& d :
            outlookWorkloadDrivers(catalog, catalog.outlooks().at("steady").years[2]))
            QVERIFY(!d.requestsPerDay && !d.sessionsPerDay && !d.requestsPerSession);
    }

    /// Agentic coding's sessions doubled in 2028: the card says so, its requests per session
    /// stay, every share is its part of the year's requests, and the year's tokens grow by the
    /// requests added × agentic coding's context. The card reads back as it is.
    void demandEditsSetTheDemandAndTheSharesFollow()
    {
        const CardCatalog& catalog = CardCatalog::builtin();
        const OutlookCard& adoption = catalog.outlooks().at("agent-adoption");
        const OutlookYear& before = adoption.years[2];
        const double sessions = *entry(before, "agentic-coding").sessionsPerDay;
        const OutlookCard edited = withOutlookDemand(
            catalog, adoption, 2, "agentic-coding", OutlookDemandField::SessionsPerDay, 2 * sessions);
        const OutlookYear& after = edited.years[2];
        QCOMPARE(entry(after, "agentic-coding").sessionsPerDay, std::optional<double>(2 * sessions));
        QCOMPARE(entry(after, "agentic-coding").requestsPerSession, entry(before, "agentic-coding").requestsPerSession);
        for (size_t y = 0; y < adoption.years.size(); ++y)
            if (y != 2)
                QVERIFY(edited.years[y] == adoption.years[y]);
        double requests = 0;
        for (const OutlookMixEntry& e : after.mix)
            requests += e.demandRequestsPerDay();
        for (const OutlookMixEntry& e : after.mix)
            QCOMPARE(e.share, e.demandRequestsPerDay() / requests);
        QVERIFY(entry(after, "agentic-coding").share > entry(before, "agentic-coding").share);
        const double added = sessions * *entry(before, "agentic-coding").requestsPerSession;
        const double tokensBefore = resolveOutlookDemand(catalog, before).tokensPerDay;
        const double tokensAfter = resolveOutlookDemand(catalog, after).tokensPerDay;
        const double expected = tokensBefore + added * contextOf(before, "agentic-coding");
        QVERIFY2(std::abs(tokensAfter / expected - 1) < 1e-12,
            qPrintable(QStringLiteral("%1 against %2").arg(tokensAfter, 0, 'g', 15).arg(expected, 0, 'g', 15)));
        QVERIFY(parseOutlookCard(outlookCardToJson(edited), "again").years == edited.years);
        // Requests per session set, and requests a day of a workload given in sessions: its
        // sessions move, its requests per session stay.
        const OutlookCard turns
            = withOutlookDemand(catalog, adoption, 2, "agentic-coding", OutlookDemandField::RequestsPerSession, 40);
        QCOMPARE(entry(turns.years[2], "agentic-coding").requestsPerSession, std::optional<double>(40));
        QCOMPARE(entry(turns.years[2], "agentic-coding").sessionsPerDay, std::optional<double>(sessions));
        const OutlookCard perDay
            = withOutlookDemand(catalog, adoption, 2, "agentic-coding", OutlookDemandField::RequestsPerDay, 6.6e9);
        QCOMPARE(entry(perDay.years[2], "agentic-coding").requestsPerSession, std::optional<double>(33));
        QCOMPARE(entry(perDay.years[2], "agentic-coding").sessionsPerDay, std::optional<double>(6.6e9 / 33));
        QVERIFY(!entry(perDay.years[2], "agentic-coding").requestsPerDay);
        // A workload given in requests a day has them set.
        const OutlookCard chat
            = withOutlookDemand(catalog, adoption, 2, "chat", OutlookDemandField::RequestsPerDay, 2e10);
        QCOMPARE(entry(chat.years[2], "chat").requestsPerDay, std::optional<double>(2e10));
        // The value in force again: the card as it was.
        QVERIFY(withOutlookDemand(catalog, adoption, 2, "agentic-coding", OutlookDemandField::SessionsPerDay, sessions)
            == adoption);
    }

    /// Impossible figures are refused naming the field; demand where the year or the workload
    /// has none is refused with a sentence naming the year.
    void impossibleDemandIsRefused()
    {
        const CardCatalog& catalog = CardCatalog::builtin();
        const OutlookCard& adoption = catalog.outlooks().at("agent-adoption");
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        const struct {
            OutlookDemandField field;
            double value;
        } refused[] = {
            { OutlookDemandField::SessionsPerDay, -5 },
            { OutlookDemandField::SessionsPerDay, 0 },
            { OutlookDemandField::SessionsPerDay, nan },
            { OutlookDemandField::SessionsPerDay, inf },
            { OutlookDemandField::SessionsPerDay, 1e16 },
            { OutlookDemandField::RequestsPerSession, 0.5 },
            { OutlookDemandField::RequestsPerSession, nan },
            { OutlookDemandField::RequestsPerSession, 1e6 },
            { OutlookDemandField::RequestsPerDay, -1 },
            { OutlookDemandField::RequestsPerDay, 0 },
            { OutlookDemandField::RequestsPerDay, 1e17 },
        };
        for (const auto& r : refused) {
            const InputError e
                = refusal([&] { withOutlookDemand(catalog, adoption, 2, "agentic-coding", r.field, r.value); });
            QVERIFY2(e.detail().code == InputErrorCode::ValueOutOfRange, e.what());
            QCOMPARE(e.detail().where, std::string(outlookDemandFieldKey(r.field)));
            QVERIFY2(std::string(e.what()).starts_with(std::string(outlookDemandFieldKey(r.field)) + ": "), e.what());
        }
        // Each figure in range, their product not: past the requests a day's range.
        const OutlookCard many
            = withOutlookDemand(catalog, adoption, 2, "agentic-coding", OutlookDemandField::RequestsPerSession, 1e5);
        const InputError product = refusal(
            [&] { withOutlookDemand(catalog, many, 2, "agentic-coding", OutlookDemandField::SessionsPerDay, 1e15); });
        QCOMPARE(product.detail().code, InputErrorCode::ValueOutOfRange);
        QCOMPARE(product.detail().where, std::string(kOutlookRequestsPerDayKey));
        QCOMPARE(std::string(refusal([&] {
            withOutlookDemand(catalog, adoption, 2, "chat", OutlookDemandField::SessionsPerDay, 1e8);
        }).what()),
            std::string("2028: chat is given in requests a day, not in sessions: set its requests a day"));
        const OutlookCard& steady = catalog.outlooks().at("steady");
        QCOMPARE(std::string(refusal([&] {
            withOutlookDemand(catalog, steady, 1, "chat", OutlookDemandField::RequestsPerDay, 1e9);
        }).what()),
            std::string("2027 is driven by tokens per day and each workload's share: it gives no workload's requests "
                        "or sessions a day"));
        QVERIFY_THROWS_EXCEPTION(InputError,
            withOutlookDemand(catalog, adoption, 2, "no-such-workload", OutlookDemandField::RequestsPerDay, 1e9));
        QVERIFY_THROWS_EXCEPTION(
            InputError, withOutlookDemand(catalog, adoption, 9, "chat", OutlookDemandField::RequestsPerDay, 1e9));
    }
};

QTEST_GUILESS_MAIN(TestOutlookDrivers)
#include "tst_outlook_drivers.moc"
