#pragma once
// ReportOptions: how a command writes its figures, beside what it computes; one option
// table (core/io/Options.h) that `fleet`, `sensitivity` and `export` read, so its flag is
// spelled once. Bytes in binary units (GiB, the default) or decimal (GB, as memory is sold).

#include "core/io/Options.h"
#include "core/io/Units.h"

#include <span>

namespace kvtiers {

struct ReportOptions {
    ByteUnits units = ByteUnits::Binary;
    bool operator==(const ReportOptions&) const = default;
};

namespace report_keys {
inline constexpr const char* kUnits = "units";
} // namespace report_keys

std::span<const Option<ReportOptions>> reportOptionTable();
/// The units option's entry.
const Option<ReportOptions>& unitsOptionEntry();

} // namespace kvtiers
