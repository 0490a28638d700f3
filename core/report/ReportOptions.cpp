#include "core/report/ReportOptions.h"

namespace kvtiers {

namespace {

/// The units as a choice: its index is ByteUnits' (Binary, Decimal).
OptionField<ReportOptions> unitsField()
{
    OptionField<ReportOptions> f;
    f.get = [](const ReportOptions& o) { return std::optional<double>(static_cast<int>(o.units)); };
    f.set = [](ReportOptions& o, double v) { o.units = static_cast<ByteUnits>(static_cast<int>(v)); };
    return f;
}

} // namespace

std::span<const Option<ReportOptions>> reportOptionTable()
{
    static const Option<ReportOptions> kTable[] = {
        { { report_keys::kUnits, "--units", OptionKind::Choice, 0, 0, "", nullptr,
              QT_TRANSLATE_NOOP("Option", "bytes in binary units (GiB) or decimal ones (GB, as memory is sold)"),
              "binary|decimal" },
            unitsField() },
    };
    return kTable;
}

const Option<ReportOptions>& unitsOptionEntry()
{
    return reportOptionTable().front();
}

} // namespace kvtiers
