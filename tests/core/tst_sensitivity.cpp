// Sensitivity of a whole fleet: the fleet tornado's bars are the differences of
// sizeFleet() calls computed here, independently, from the same moves written as the
// user's own overrides; a one-workload fleet moves the way the scenario tornado does for
// context and KV bits; halving KV bits never raises any tier; a move the fleet cannot be
// sized for is reported on its bar, not thrown; the CSV and JSON carry the core's numbers.
// The variables are the knob table's swept knobs, moved and clamped the table's way.

#include "core/analysis/Fleet.h"
#include "core/analysis/Sensitivity.h"
#include "core/io/InputError.h"
#include "core/report/SensitivityReport.h"
#include "tests/support/TestSupport.h"

#include <algorithm>
#include <cstdint>
#include <sstream>

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

/// chat and mooncake on one 8-GPU H200 server profile.
FleetInput chatAndMooncake()
{
    return fleetMix({ { "chat", 0.7 }, { "mooncake", 0.3 } }, 80, 0.05);
}

/// One workload on its own card's hardware.
FleetInput oneWorkload(const std::string& id, double rate)
{
    return fleetMix({ { id, 1 } }, rate, 0.1, {});
}

const FleetSensitivityBar& barOf(const FleetSensitivityResult& r, Variable v)
{
    for (const auto& b : r.bars)
        if (b.variable == v)
            return b;
    qFatal("no bar for %s", variableKey(v));
}

const SensitivityBar& barOf(const SensitivityResult& r, Variable v)
{
    for (const auto& b : r.bars)
        if (b.variable == v)
            return b;
    qFatal("no bar for %s", variableKey(v));
}

/// The fleet with `v` moved by `direction` × `range`, written here as a user would write
/// it: an override on every workload's spec (or the TPOT target, or the traffic).
FleetInput movedByHand(const FleetInput& base, Variable v, double range, int direction)
{
    FleetInput in = base;
    const double factor = 1 + direction * range;
    if (v == Variable::Concurrency) {
        in.targets.tpotSeconds = in.targets.tpot() * factor;
        return in;
    }
    if (v == Variable::Traffic) {
        in.requestsPerSecond *= factor;
        return in;
    }
    for (auto& e : in.mix) {
        const Scenario s = resolveScenario(CardCatalog::builtin(), e.spec).scenario;
        switch (v) {
        case Variable::Context:
            e.spec.overrides["context"] = static_cast<std::int64_t>(std::round(s.workload.context * factor));
            break;
        case Variable::KvBits: {
            // One step along the format ladder 4, 8, 16, 32 bits.
            const std::vector<double> ladder = { 4, 8, 16, 32 };
            const double bits = s.kvFormat().bits;
            double next = bits;
            if (direction < 0) {
                for (double b : ladder)
                    if (b < bits)
                        next = b;
            } else {
                for (auto it = ladder.rbegin(); it != ladder.rend(); ++it)
                    if (*it > bits)
                        next = *it;
            }
            e.spec.overrides["kv_bits"] = next;
            break;
        }
        // Rates move by absolute points: ±25 points at range 0.5.
        case Variable::ReuseRate:
            e.spec.overrides["reuse_rate"] = std::clamp(s.workload.reuseRate + direction * range * 0.5, 0.0, 1.0);
            break;
        case Variable::OffloadRate:
            e.spec.overrides["offload_rate"] = std::clamp(s.workload.offloadRate + direction * range * 0.5, 0.0, 1.0);
            break;
        case Variable::HostDram:
            e.spec.overrides["host_dram_bytes"] = s.hardware.hostDramBytes * factor;
            break;
        case Variable::Nvme:
            e.spec.overrides["nvme_bytes"] = s.hardware.nvmeBytes * factor;
            break;
        default:
            break;
        }
    }
    return in;
}

int sign(double x)
{
    return (x > 0) - (x < 0);
}

std::vector<std::vector<std::string>> csvRows(const std::string& csv)
{
    std::vector<std::vector<std::string>> rows;
    std::istringstream lines(csv);
    std::string line;
    while (std::getline(lines, line)) {
        std::vector<std::string> cells;
        std::string cell;
        bool quoted = false;
        for (char c : line) {
            if (c == '"')
                quoted = !quoted;
            else if (c == ',' && !quoted) {
                cells.push_back(cell);
                cell.clear();
            } else
                cell += c;
        }
        cells.push_back(cell);
        rows.push_back(cells);
    }
    return rows;
}

/// The cell of `row` under the header `column`.
std::string cellOf(const std::vector<std::vector<std::string>>& rows, size_t row, const std::string& column)
{
    const auto& header = rows.front();
    const auto it = std::find(header.begin(), header.end(), column);
    if (it == header.end())
        qFatal("no column %s", column.c_str());
    return rows.at(row).at(static_cast<size_t>(it - header.begin()));
}

} // namespace

class TestSensitivity : public QObject {
    Q_OBJECT
private slots:
    void variablesAreTheTablesSweptKnobs()
    {
        const std::vector<Variable> scenario = { KnobId::Context, KnobId::Concurrency, KnobId::KvBits,
            KnobId::ReuseRate, KnobId::OffloadRate, KnobId::HostDram, KnobId::Nvme };
        QVERIFY(allVariables() == scenario);
        std::vector<Variable> fleet = scenario;
        fleet.push_back(KnobId::Traffic);
        QVERIFY(fleetVariables() == fleet);
        QCOMPARE(std::string(variableKey(KnobId::HostDram)), std::string("dram_per_server"));
        QCOMPARE(std::string(variableKey(KnobId::Nvme)), std::string("nvme_per_server"));
        QCOMPARE(std::string(variableKey(KnobId::ReuseRate)), std::string(knob(KnobId::ReuseRate).key));
        QCOMPARE(std::string(variableLabel(KnobId::Traffic)), std::string("Total traffic (requests/s)"));
    }

    void rangeIsAShareAsTheTableSays()
    {
        // `--range` and the Sensitivity tab's range box: a share from 0 to 1 (0.5 or 50%),
        // the tornado's default move by default.
        const Option<SensitivityOptions>& range = sensitivityOption(sensitivity_keys::kRange);
        QCOMPARE(*optionDefault(range), kDefaultSensitivityRange);
        QCOMPARE(readOptionValue(range, "50%"), 0.5);
        QCOMPARE(readOptionValue(range, "0.2"), 0.2);
        QVERIFY_THROWS_EXCEPTION(InputError, readOptionValue(range, "1.5"));
        QVERIFY_THROWS_EXCEPTION(InputError, readOptionValue(range, "wide"));
        QCOMPARE(sensitivityOption(sensitivity_keys::kFleet).kind, OptionKind::Switch);
    }

    void movesFollowTheKnobsSweep()
    {
        // Relative: the value times 1 ± range.
        QCOMPARE(movedValue(knob(KnobId::Context), 8192, 0.5, -1), 4096.0);
        QCOMPARE(movedValue(knob(KnobId::Context), 8192, 0.5, +1), 12288.0);
        // Ladder: one step along 4, 8, 16, 32 bits, whatever the range; none past the ends.
        QCOMPARE(movedValue(knob(KnobId::KvBits), 8, 0.1, -1), 4.0);
        QCOMPARE(movedValue(knob(KnobId::KvBits), 8, 0.1, +1), 16.0);
        QCOMPARE(movedValue(knob(KnobId::KvBits), 6, 0.5, +1), 8.0);
        QCOMPARE(movedValue(knob(KnobId::KvBits), 4, 0.5, -1), 4.0);
        QCOMPARE(movedValue(knob(KnobId::KvBits), 32, 0.5, +1), 32.0);
        // Absolute: the value ± range × span. Rates move by points, so a rate of 0 moves
        // too: ±25 points at the default range 0.5.
        for (KnobId rate : { KnobId::ReuseRate, KnobId::OffloadRate }) {
            QCOMPARE(knob(rate).sensitivity.sweep, KnobSweep::Absolute);
            QCOMPARE(movedValue(knob(rate), 0.4, 0.5, +1), 0.65);
            QCOMPARE(movedValue(knob(rate), 0.4, 0.5, -1), 0.15);
            QCOMPARE(movedValue(knob(rate), 0.4, 0, +1), 0.4);
            QCOMPARE(movedValue(knob(rate), 0, 0.5, +1), 0.25);
        }
        // None: not moved.
        QCOMPARE(movedValue(knob(KnobId::OutputTokens), 10, 0.5, +1), 10.0);
    }

    void settingAVariableClampsItTheModelsWay()
    {
        Scenario s = workloadScenario("chat");
        s.workload.outputTokens = 100;
        QCOMPARE(withVariable(s, KnobId::Context, 5).workload.context, 101.0); // room for a prompt
        QCOMPARE(withVariable(s, KnobId::Context, 4096.4).workload.context, 4096.0);
        QCOMPARE(withVariable(s, KnobId::Concurrency, 0.2).workload.concurrency, 1.0);
        QCOMPARE(withVariable(s, KnobId::Concurrency, 7.6).workload.concurrency, 8.0);
        QCOMPARE(withVariable(s, KnobId::KvBits, 0.1).kvFormat().bits, 0.5);
        QCOMPARE(withVariable(s, KnobId::KvBits, 100).kvFormat().bits, kMaxKvBits);
        QCOMPARE(withVariable(s, KnobId::KvBits, 6.5).kvFormat().bits, 6.5);
        QCOMPARE(withVariable(s, KnobId::ReuseRate, 1.5).workload.reuseRate, 1.0);
        QCOMPARE(withVariable(s, KnobId::OffloadRate, -0.5).workload.offloadRate, 0.0);
        QCOMPARE(withVariable(s, KnobId::HostDram, -1).hardware.hostDramBytes, 0.0);
        QCOMPARE(withVariable(s, KnobId::Nvme, 3e12).hardware.nvmeBytes, 3e12);
        QVERIFY(withVariable(s, KnobId::Traffic, 5).workload == s.workload); // a fleet knob: a scenario has none
        QCOMPARE(variableValue(s, KnobId::Traffic), 0.0);
    }

    void ratesAtZeroStillMove()
    {
        // The article's key variable: from a reuse rate of 0 a relative move would read
        // "0% → 0%"; points give 0% → 25%, and with a reuse distance and an offload rate
        // the retained pool that 25% keeps shows in DRAM.
        const Scenario s = workloadScenario(
            "chat", Json { { "reuse_rate", 0.0 }, { "offload_rate", 0.0 }, { "reuse_distance_s", 300.0 } });
        const SensitivityResult r = sensitivity(s);
        const SensitivityBar& reuse = barOf(r, Variable::ReuseRate);
        QCOMPARE(reuse.lowValue, 0.0); // as clamped
        QCOMPARE(reuse.highValue, 0.25);
        const SensitivityBar& offload = barOf(r, Variable::OffloadRate);
        QCOMPARE(offload.highValue, 0.25);
        // Offload from 0 to 25 points sends evicted prefixes to host memory: DRAM rises.
        Scenario withReuse = s;
        withReuse.workload.reuseRate = 0.5;
        const SensitivityResult moved = sensitivity(withReuse);
        const SensitivityBar& offloadMoves = barOf(moved, Variable::OffloadRate);
        QVERIFY2(offloadMoves.highDelta.dram + offloadMoves.highDelta.ssd > 0,
            qPrintable(QString::number(offloadMoves.highDelta.dram)));
        QVERIFY(offloadMoves.effect > 0);
        QCOMPARE(offloadMoves.lowDelta.dram, 0.0); // clamped at 0: the base
    }

    void fleetBarsAreDifferencesOfSizings()
    {
        const FleetInput in = chatAndMooncake();
        const double range = 0.3;
        const FleetSensitivityResult sr = fleetSensitivity(CardCatalog::builtin(), in, range);
        const FleetResult base = sizeFleet(CardCatalog::builtin(), in);
        QCOMPARE(sr.base.hbm, base.bytes.hbm);
        QCOMPARE(sr.base.dram, base.bytes.dram);
        QCOMPARE(sr.base.gpus, base.gpus);
        QCOMPARE(sr.bars.size(), fleetVariables().size());
        for (const auto& bar : sr.bars) {
            for (int direction : { -1, +1 }) {
                const FleetResult moved
                    = sizeFleet(CardCatalog::builtin(), movedByHand(in, bar.variable, range, direction));
                const FleetDemand& delta = direction < 0 ? bar.lowDelta : bar.highDelta;
                QVERIFY2(direction < 0 ? bar.lowFeasible : bar.highFeasible, variableKey(bar.variable));
                QCOMPARE(delta.hbm, moved.bytes.hbm - base.bytes.hbm);
                QCOMPARE(delta.dram, moved.bytes.dram - base.bytes.dram);
                QCOMPARE(delta.ssd, moved.bytes.ssd - base.bytes.ssd);
                QCOMPARE(delta.gpus, moved.gpus - base.gpus);
                QCOMPARE(delta.servers, moved.servers - base.servers);
                QCOMPARE((direction < 0 ? bar.low : bar.high).hbm, moved.bytes.hbm);
            }
        }
        for (size_t i = 1; i < sr.bars.size(); ++i)
            QVERIFY(sr.bars[i - 1].effect >= sr.bars[i].effect); // sorted by effect
        // The bars' values: the mix's request-weighted means, as moved.
        const FleetSensitivityBar& context = barOf(sr, Variable::Context);
        const double meanContext
            = 0.7 * base.entries[0].scenario.workload.context + 0.3 * base.entries[1].scenario.workload.context;
        QCOMPARE(context.baseValue, meanContext);
        QVERIFY(std::fabs(context.highValue / meanContext - 1.3) < 1e-3); // contexts are whole tokens
        QCOMPARE(barOf(sr, Variable::Traffic).highValue, 80 * 1.3);
        const FleetSensitivityBar& tpot = barOf(sr, Variable::Concurrency);
        QCOMPARE(tpot.lowTpotSeconds, 0.05 * 0.7);
        QCOMPARE(tpot.highTpotSeconds, 0.05 * 1.3);
        QVERIFY(tpot.lowValue <= tpot.baseValue && tpot.baseValue <= tpot.highValue); // a looser target, more sequences
        QCOMPARE(tpot.baseValue, sr.base.sequencesPerReplica);
    }

    void oneWorkloadFleetMovesLikeTheScenario_data()
    {
        QTest::addColumn<QString>("workload");
        QTest::newRow("chat") << QStringLiteral("chat");
        QTest::newRow("article") << QStringLiteral("article");
    }

    void oneWorkloadFleetMovesLikeTheScenario()
    {
        QFETCH(QString, workload);
        const FleetSensitivityResult fleet
            = fleetSensitivity(CardCatalog::builtin(), oneWorkload(workload.toStdString(), 50));
        const SensitivityResult scenario = sensitivity(workloadScenario(workload.toStdString()));
        for (Variable v : { Variable::Context, Variable::KvBits }) {
            const FleetSensitivityBar& f = barOf(fleet, v);
            const SensitivityBar& s = barOf(scenario, v);
            QCOMPARE(f.lowValue < f.baseValue, s.lowValue < variableValue(workloadScenario(workload.toStdString()), v));
            for (auto [fd, sd] : { std::pair { &f.lowDelta, &s.lowDelta }, std::pair { &f.highDelta, &s.highDelta } }) {
                // Where a scenario's tier moves, the fleet's moves the same way or not at all.
                for (auto [a, b] : { std::pair { fd->hbm, sd->hbm }, std::pair { fd->dram, sd->dram },
                         std::pair { fd->ssd, sd->ssd } })
                    QVERIFY2(sign(a) * sign(b) >= 0,
                        qPrintable(QStringLiteral("%1: fleet %2, scenario %3")
                                       .arg(QString::fromLatin1(variableKey(v)))
                                       .arg(a)
                                       .arg(b)));
                QCOMPARE(sign(fd->hbm), sign(sd->hbm)); // and HBM always moves
            }
        }
    }

    void halvingKvBitsNeverRaisesAnyTier()
    {
        for (const FleetInput& in : { chatAndMooncake(), oneWorkload("article", 40), oneWorkload("chat", 500) }) {
            const FleetSensitivityResult sr = fleetSensitivity(CardCatalog::builtin(), in);
            const FleetSensitivityBar& kv = barOf(sr, Variable::KvBits);
            QCOMPARE(kv.lowValue * 2, kv.baseValue); // BF16 → FP8
            QVERIFY(kv.lowFeasible);
            QVERIFY(kv.lowDelta.hbm <= 0);
            QVERIFY(kv.lowDelta.dram <= 0);
            QVERIFY(kv.lowDelta.ssd <= 0);
            QVERIFY(kv.lowDelta.gpus <= 0);
            QVERIFY(kv.lowDelta.servers <= 0);
        }
    }

    void infeasibleMoveIsReportedNotThrown()
    {
        // A TPOT target just above one sequence's decode step: at -50% not even one
        // sequence meets it.
        FleetInput in = oneWorkload("chat", 50);
        Scenario one = workloadScenario("chat");
        one.workload.concurrency = 1;
        const double step = evaluate(one).decodeStepSeconds;
        in.targets.tpotSeconds = step * 1.2;
        FleetSensitivityResult sr;
        try {
            sr = fleetSensitivity(CardCatalog::builtin(), in, 0.5);
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
        const FleetSensitivityBar& tpot = barOf(sr, Variable::Concurrency);
        QVERIFY(!tpot.lowFeasible);
        QVERIFY(tpot.highFeasible);
        QVERIFY2(QString::fromStdString(tpot.lowError).contains(QStringLiteral("chat")), tpot.lowError.c_str());
        QVERIFY2(QString::fromStdString(tpot.lowError).contains(QStringLiteral("time-per-output-token")),
            tpot.lowError.c_str());
        QVERIFY(std::isnan(tpot.lowValue));
        QCOMPARE(tpot.lowDelta.hbm, 0.0);
        // The same message as sizeFleet's for that input.
        FleetInput low = in;
        low.targets.tpotSeconds = in.targets.tpot() * 0.5;
        QCOMPARE(QString::fromStdString(tpot.lowError), inputErrorOf([&] { sizeFleet(CardCatalog::builtin(), low); }));
        // JSON and CSV say so.
        const Json j = fleetSensitivityToJson(sr);
        for (const auto& b : j["bars"])
            if (b["variable"] == "concurrency") {
                QVERIFY(b["low"].is_null());
                QCOMPARE(b["low_feasible"].get<bool>(), false);
                QCOMPARE(
                    QString::fromStdString(b["low_error"].get<std::string>()), QString::fromStdString(tpot.lowError));
                QVERIFY(b["high"].is_object());
            }
        const auto rows = csvRows(sensitivityCsv(sr));
        for (size_t r = 1; r < rows.size(); ++r)
            if (rows[r][0] == "concurrency") {
                QCOMPARE(cellOf(rows, r, "low_feasible"), std::string("0"));
                QCOMPARE(cellOf(rows, r, "low_error"), tpot.lowError);
                QCOMPARE(cellOf(rows, r, "low_hbm_bytes"), std::string());
            }
        // A base fleet that cannot be sized is an InputError (there is nothing to compare with).
        FleetInput impossible = in;
        impossible.targets.tpotSeconds = step * 0.5;
        QVERIFY_THROWS_EXCEPTION(InputError, fleetSensitivity(CardCatalog::builtin(), impossible));
    }

    void csvCarriesTheCoresNumbers()
    {
        const SensitivityResult sr = sensitivity(workloadScenario("chat"), 0.4);
        auto rows = csvRows(sensitivityCsv(sr));
        QCOMPARE(rows.size(), sr.bars.size() + 1);
        for (size_t i = 0; i < sr.bars.size(); ++i) {
            const auto& b = sr.bars[i];
            QCOMPARE(rows[i + 1][0], std::string(variableKey(b.variable)));
            QCOMPARE(std::stod(cellOf(rows, i + 1, "low_value")), b.lowValue);
            QCOMPARE(std::stod(cellOf(rows, i + 1, "high_delta_dram_bytes")), b.highDelta.dram);
            QCOMPARE(std::stod(cellOf(rows, i + 1, "low_hbm_bytes")), b.low.hbm);
            QCOMPARE(std::stod(cellOf(rows, i + 1, "base_ssd_bytes")), sr.base.ssd);
        }
        const FleetSensitivityResult fr = fleetSensitivity(CardCatalog::builtin(), chatAndMooncake(), 0.5);
        rows = csvRows(sensitivityCsv(fr));
        QCOMPARE(rows.size(), fr.bars.size() + 1);
        for (const auto& row : rows)
            QCOMPARE(row.size(), rows.front().size());
        for (size_t i = 0; i < fr.bars.size(); ++i) {
            const auto& b = fr.bars[i];
            QCOMPARE(rows[i + 1][0], std::string(variableKey(b.variable)));
            QCOMPARE(std::stod(cellOf(rows, i + 1, "high_delta_hbm_bytes")), b.highDelta.hbm);
            QCOMPARE(std::stod(cellOf(rows, i + 1, "low_delta_gpus")), b.lowDelta.gpus);
            QCOMPARE(std::stod(cellOf(rows, i + 1, "base_dram_bytes")), fr.base.dram);
        }
        // Curves: one row per point.
        const auto curve = scenarioCurve(workloadScenario("chat"), Variable::ReuseRate, { 0, 0.5, 0.9 });
        rows = csvRows(curveCsv(Variable::ReuseRate, curve));
        QCOMPARE(rows.front(), (std::vector<std::string> { "reuse_rate", "hbm_bytes", "dram_bytes", "ssd_bytes" }));
        for (size_t i = 0; i < curve.size(); ++i) {
            QCOMPARE(std::stod(rows[i + 1][0]), curve[i].value);
            QCOMPARE(std::stod(rows[i + 1][2]), curve[i].demand.dram);
        }
        const auto fleetPoints = fleetCurve(CardCatalog::builtin(), chatAndMooncake(), Variable::KvBits, { 4, 8, 16 });
        rows = csvRows(curveCsv(Variable::KvBits, fleetPoints));
        QCOMPARE(rows.size(), size_t(4));
        for (size_t i = 0; i < fleetPoints.size(); ++i)
            QCOMPARE(std::stod(cellOf(rows, i + 1, "hbm_bytes")), fleetPoints[i].demand.hbm);
    }

    void fleetCurvePassesThroughTheBase()
    {
        const FleetInput in = chatAndMooncake();
        const FleetResult base = sizeFleet(CardCatalog::builtin(), in);
        // Every workload at 16 bits is the base; fewer bits never need more HBM or GPUs.
        const auto kv = fleetCurve(CardCatalog::builtin(), in, Variable::KvBits, { 4, 8, 16 });
        QCOMPARE(kv[2].demand.hbm, base.bytes.hbm);
        QCOMPARE(kv[2].value, 16.0);
        QVERIFY(kv[0].demand.hbm <= kv[1].demand.hbm && kv[1].demand.hbm <= kv[2].demand.hbm);
        QVERIFY(kv[0].demand.gpus <= kv[1].demand.gpus && kv[1].demand.gpus <= kv[2].demand.gpus);
        // Traffic: the base rate is the base fleet; twice the rate, about twice the GPUs.
        const auto traffic = fleetCurve(CardCatalog::builtin(), in, Variable::Traffic, { 80, 160 });
        QCOMPARE(traffic[0].demand.gpus, base.gpus);
        QCOMPARE(traffic[1].value, 160.0);
        QVERIFY(traffic[1].demand.gpus >= 2 * base.gpus - 2 * static_cast<double>(in.mix.size()) * 8);
        // Concurrency: values are TPOT targets; a point's value is the sequences it allows.
        const auto tpot = fleetCurve(CardCatalog::builtin(), in, Variable::Concurrency, { 0.05, 0.1 });
        QCOMPARE(tpot[0].value, fleetDemand(base).sequencesPerReplica);
        QCOMPARE(tpot[1].tpotTargetSeconds, 0.1);
        QVERIFY(tpot[1].value >= tpot[0].value);
        // An impossible point is marked, not thrown.
        const auto tight = fleetCurve(CardCatalog::builtin(), in, Variable::Concurrency, { 1e-6 });
        QVERIFY(!tight[0].feasible);
        QVERIFY(!tight[0].error.empty());
    }
};

QTEST_APPLESS_MAIN(TestSensitivity)
#include "tst_sensitivity.moc"
