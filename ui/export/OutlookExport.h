#pragma once
// OutlookExport: an outlook's charts as files, for File → Export (OutlookDocument) and
// `kvtiers export --chart outlook`: the thesis (each tier's index), the bytes per tier, the
// growth decomposition (the waterfall) and one tier's driver tornado, each as PNG, SVG or PDF
// with a title saying "a scenario, not a forecast" and a footnote naming the outlook, its
// units and its sources. Files go through ChartExporter (QSaveFile). Returns an empty string
// on success, else a message naming the file and the problem.

#include "core/analysis/Outlook.h"
#include "ui/export/ChartExporter.h"

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <string_view>

namespace kvtiers::ui {

class OutlookExport {
    Q_DECLARE_TR_FUNCTIONS(OutlookExport)
public:
    enum class View { Index, Bytes, Decomposition, Tornado };
    /// "index", "bytes", "decomposition", "tornado" (the CLI's --view); nullopt otherwise.
    static std::optional<View> viewFromName(std::string_view name);

    /// What every exported chart says under it: the outlook, "a scenario, not a forecast",
    /// the units and the sources (publisher and date; the assumptions by number).
    static QString footnote(const OutlookCard& card);

    /// Draws `view` offscreen and writes it. The tornado needs `tornado` (drawn for `tier`),
    /// the decomposition `decomposition`; a view without its figures is refused with a message.
    static QString exportChart(const QString& path, View view, const OutlookCard& card, const OutlookResult& result,
        const OutlookTornado* tornado, const OutlookDecomposition* decomposition, Tier tier,
        const ExportOptions& options = {});
};

} // namespace kvtiers::ui
