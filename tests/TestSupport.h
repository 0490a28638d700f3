#pragma once
// Helpers shared by the core tests: scenarios built the way users build them (a spec of
// card ids and overrides), so tests exercise the same path as the CLI and the GUI.

#include "CardCatalog.h"
#include "Evaluation.h"
#include "ScenarioSpec.h"

#include <QtTest>

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

inline Scenario workloadScenario(const std::string& workload, Json overrides = Json::object())
{
    return scenario({}, std::move(overrides), {}, workload);
}

/// Relative closeness for figures that are not exact integers.
inline bool near(double actual, double expected, double relTol)
{
    return std::fabs(actual - expected) <= relTol * std::fabs(expected);
}

} // namespace kvtiers::test

#define KV_COMPARE_NEAR(actual, expected, rel)                                                              \
    do {                                                                                                   \
        const double a_ = (actual), e_ = (expected);                                                       \
        if (!kvtiers::test::near(a_, e_, rel))                                                             \
            QFAIL(qPrintable(QStringLiteral("%1 = %2, expected %3 (±%4%)")                                 \
                                 .arg(QStringLiteral(#actual)).arg(a_, 0, 'g', 12).arg(e_, 0, 'g', 12)     \
                                 .arg((rel) * 100)));                                                      \
    } while (0)
