#pragma once
// Helpers shared by the core tests: scenarios built the way users build them (a spec of
// card ids and overrides), so tests exercise the same path as the CLI and the GUI.

#include "core/analysis/Fleet.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/io/InputError.h"
#include "core/model/Evaluation.h"

#include <QtTest>

#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace kvtiers::test {

inline Scenario scenario(const std::string& model, Json overrides = Json::object(), const std::string& hardware = {},
    const std::string& workload = {})
{
    ScenarioSpec spec;
    spec.model = model;
    spec.hardware = hardware;
    spec.workload = workload;
    spec.overrides = std::move(overrides);
    return resolveScenario(CardCatalog::builtin(), spec).scenario;
}

/// A fleet input as the Fleet tab builds one: built-in workloads with their shares (each
/// labelled by its id), at `requestsPerSecond` in all, within a 30 s TTFT and the given
/// TPOT, on one server profile: `hardware`, or each workload's own card when empty.
inline FleetInput fleetMix(const std::vector<std::pair<std::string, double>>& mix, double requestsPerSecond,
    double tpotSeconds, const std::string& hardware = "h200-sxm")
{
    FleetInput in;
    for (const auto& [id, share] : mix) {
        FleetEntry e;
        e.label = id;
        e.share = share;
        e.spec.workload = id;
        e.spec.hardware = hardware;
        in.mix.push_back(e);
    }
    in.requestsPerSecond = requestsPerSecond;
    in.targets.ttftSeconds = 30;
    in.targets.tpotSeconds = tpotSeconds;
    return in;
}

inline Scenario workloadScenario(const std::string& workload, Json overrides = Json::object())
{
    return scenario({}, std::move(overrides), {}, workload);
}

/// A built-in model card, by id.
inline const ModelCard& builtinModel(const std::string& id)
{
    return CardCatalog::builtin().models().at(id);
}

/// A built-in model card edited as JSON (e.g. MHA instead of GQA), parsed like a user's card.
inline ModelCard modelVariant(const std::string& id, const std::function<void(Json&)>& edit)
{
    Json j = builtinModel(id).toJson();
    j["id"] = id + "-variant";
    edit(j);
    return parseModelCard(j, id + "-variant");
}

/// The message of the InputError `f` throws; empty if it throws none (any other
/// exception escapes and fails the test).
inline QString inputErrorOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

/// Empty if `f` throws an InputError whose message contains every one of `needles`;
/// otherwise what went wrong (use with KV_CHECK).
inline QString expectInputError(const std::function<void()>& f, std::initializer_list<const char*> needles)
{
    const QString msg = inputErrorOf(f);
    if (msg.isEmpty())
        return QStringLiteral("no InputError was thrown");
    for (const char* n : needles)
        if (!msg.contains(QString::fromUtf8(n)))
            return QStringLiteral("message \"%1\" does not mention \"%2\"").arg(msg, QString::fromUtf8(n));
    return {};
}

/// Relative closeness for figures that are not exact integers.
inline bool near(double actual, double expected, double relTol)
{
    return std::fabs(actual - expected) <= relTol * std::fabs(expected);
}

} // namespace kvtiers::test

#define KV_COMPARE_NEAR(actual, expected, rel)                                                                         \
    do {                                                                                                               \
        const double a_ = (actual), e_ = (expected);                                                                   \
        if (!kvtiers::test::near(a_, e_, rel))                                                                         \
            QFAIL(qPrintable(QStringLiteral("%1 = %2, expected %3 (±%4%)")                                             \
                                 .arg(QStringLiteral(#actual))                                                         \
                                 .arg(a_, 0, 'g', 12)                                                                  \
                                 .arg(e_, 0, 'g', 12)                                                                  \
                                 .arg((rel)*100)));                                                                    \
    } while (0)

/// Fails the test with `problem` unless it is empty. Variadic so that braces in the
/// argument need no extra parentheses.
#define KV_CHECK(...)                                                                                                  \
    do {                                                                                                               \
        const QString problem_ = (__VA_ARGS__);                                                                        \
        if (!problem_.isEmpty())                                                                                       \
            QFAIL(qPrintable(problem_));                                                                               \
    } while (0)
