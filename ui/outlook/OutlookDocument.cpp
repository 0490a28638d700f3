#include "ui/outlook/OutlookDocument.h"

#include "core/io/InputError.h"
#include "core/report/OutlookReport.h"
#include "ui/export/OutlookExport.h"
#include "ui/text/CardText.h"
#include "ui/text/Translate.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace kvtiers::ui {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

/// The card the document starts on: "steady", else the first built-in, else an empty one.
OutlookCard firstCard(const CardCatalog& catalog)
{
    const auto& all = catalog.outlooks();
    if (all.empty())
        return {};
    return all.count("steady") ? all.at("steady") : all.begin()->second;
}

/// An option key as the message names it: the driver's name in the UI language.
std::string keyInWords(std::string_view key, const void* workload)
{
    return OutlookDocument::driverName(std::string(key), *static_cast<const std::string*>(workload)).toStdString();
}

/// How a workload driver's error names its key: the driver and the workload in words.
struct DriverWords {
    OutlookWorkloadField field;
    QString workload;
};

std::string workloadKeyInWords(std::string_view, const void* words)
{
    const auto* w = static_cast<const DriverWords*>(words);
    return OutlookDocument::workloadDriverName(w->field, w->workload).toStdString();
}

/// How a demand driver's error names its key: the demand figure and the workload in words.
std::string demandKeyInWords(std::string_view key, const void* workload)
{
    for (OutlookDemandField field : { OutlookDemandField::RequestsPerDay, OutlookDemandField::SessionsPerDay,
             OutlookDemandField::RequestsPerSession })
        if (key == outlookDemandFieldKey(field))
            return OutlookDocument::demandDriverName(field, *static_cast<const QString*>(workload)).toStdString();
    return {};
}

std::string hardwareKeyInWords(std::string_view key, const void* hardware)
{
    return key == kOutlookHardwareShareKey
        ? OutlookDocument::tr("share of %1").arg(*static_cast<const QString*>(hardware)).toStdString()
        : std::string();
}

/// A card's short name ("H200 SXM" of "H200 SXM: ..."), else its id.
template <typename Map> QString shortName(const Map& cards, const std::string& id)
{
    const auto it = cards.find(id);
    return it == cards.end() || it->second.name.empty() ? qs(id) : cardShortText(it->second.name);
}

} // namespace

OutlookDecompositionDocument::OutlookDecompositionDocument(QObject* parent)
    : Document(EvaluationMode::Worker, {}, parent)
{
}

OutlookDecomposition OutlookDecompositionDocument::compute(
    const OutlookDecompositionInput& input, const ComputeControl& control)
{
    if (!input.catalog || input.card.years.empty())
        return {}; // nothing sized yet
    return decomposeOutlook(*input.catalog, input.card, control.cancel);
}

OutlookDocument::OutlookDocument(const CardCatalog& catalog, QObject* parent)
    : Document(EvaluationMode::GuiThread, firstCard(catalog), parent)
    , m_catalog(catalog)
    , m_decomposition(new OutlookDecompositionDocument(this))
{
}

void OutlookDocument::stored(const OutlookOutcome&)
{
    m_decomposition->setInput({ card(), std::make_shared<const CardCatalog>(m_catalog) });
}

std::vector<std::string> OutlookDocument::shareWorkloads() const
{
    std::vector<std::string> workloads;
    for (const auto& y : card().years)
        for (const auto& e : y.mix)
            if (std::find(workloads.begin(), workloads.end(), e.workload) == workloads.end())
                workloads.push_back(e.workload);
    return workloads;
}

bool OutlookDocument::showOutlook(const std::string& id)
{
    const auto it = m_catalog.outlooks().find(id);
    if (it == m_catalog.outlooks().end())
        return false;
    resetInput(it->second);
    return true;
}

QString OutlookDocument::openFile(const QString& path)
{
    try {
        const std::string file = path.toStdString();
        OutlookCard card = loadOutlookCard(readInputFile(file), file);
        validateOutlook(m_catalog, card);
        resetInput(card);
        return {};
    } catch (const InputError& e) {
        return translated(e.message());
    }
}

QString OutlookDocument::saveAsPreset(const QString& name)
{
    const Status s = m_presets.saveOutlook(name.toStdString(), card());
    return s.ok() ? QString() : translated(s.message());
}

QString OutlookDocument::showPreset(const QString& name)
{
    m_presets.reload();
    const OutlookPreset* saved = m_presets.findOutlook(name.toStdString());
    if (!saved)
        return tr("no saved outlook called \"%1\"").arg(name);
    resetInput(saved->outlook);
    return {};
}

QStringList OutlookDocument::presetNames() const
{
    QStringList names;
    for (const auto& p : m_presets.outlookPresets())
        names << qs(p.name);
    return names;
}

QString OutlookDocument::driverName(const std::string& key, const std::string& workload)
{
    if (key == "tokens_per_day")
        return tr("tokens per day");
    if (key == kTtftSecondsKey)
        return tr("TTFT target");
    if (key == kTpotSecondsKey)
        return tr("TPOT target");
    if (key == kOutlookShareKey)
        return tr("share of %1").arg(qs(workload));
    return qs(key);
}

QString OutlookDocument::editDriver(int row, const std::string& key, double value, const std::string& workload)
{
    const Option<OutlookYear>* option = findOption(outlookYearOptions(), key);
    const bool share = key == kOutlookShareKey;
    if (row < 0 || row >= static_cast<int>(card().years.size()) || !option || (!share && !option->field.set)
        || (share && workload.empty()))
        return tr("no such driver");
    try {
        // The core checks the edit (withOutlookYearDriver): its range, and that a year driven
        // by demand has its tokens and shares follow from the demand.
        const OutlookCard next = withOutlookYearDriver(card(), size_t(row), key, value, workload);
        edit(next, tr("Outlook %1: %2").arg(next.years[size_t(row)].year).arg(driverName(key, workload)),
            "outlook:" + std::to_string(row) + ":" + key + ":" + workload);
    } catch (const InputError& e) {
        return translated(rewordOptionKeys(e, &keyInWords, &workload).message());
    }
    return {};
}

QString OutlookDocument::workloadName(const std::string& workload) const
{
    return shortName(m_catalog.workloads(), workload);
}

QString OutlookDocument::workloadFullName(const std::string& workload) const
{
    const auto& cards = m_catalog.workloads();
    const auto it = cards.find(workload);
    return it == cards.end() || it->second.name.empty() ? qs(workload) : cardText(it->second.name);
}

QString OutlookDocument::modelName(const std::string& model) const
{
    // "Kimi K2 Instruct" of "Kimi K2 Instruct (MLA, MoE 1T / 32B active, FP8)": a table cell's width.
    const QString name = shortName(m_catalog.models(), model);
    const qsizetype details = name.indexOf(QStringLiteral(" ("));
    return details > 0 ? name.left(details) : name;
}

QString OutlookDocument::hardwareName(const std::string& hardware) const
{
    // "NVIDIA B200 180GB" of "NVIDIA B200 180GB, DGX B200 8-GPU server": a column's title.
    QString name = shortName(m_catalog.hardware(), hardware);
    for (const QString& details : { QStringLiteral(" ("), QStringLiteral(", ") })
        if (const qsizetype at = name.indexOf(details); at > 0)
            name = name.left(at);
    return name;
}

QString OutlookDocument::workloadDriverName(OutlookWorkloadField field, const QString& workload)
{
    switch (field) {
    case OutlookWorkloadField::Context:
        return tr("context of %1").arg(workload);
    case OutlookWorkloadField::OutputTokens:
        return tr("output tokens of %1").arg(workload);
    case OutlookWorkloadField::Reuse:
        return tr("prefix reuse of %1").arg(workload);
    case OutlookWorkloadField::KvFormat:
        return tr("KV format of %1").arg(workload);
    case OutlookWorkloadField::Model:
        return tr("model of %1").arg(workload);
    case OutlookWorkloadField::Ttft:
        return tr("TTFT target of %1").arg(workload);
    case OutlookWorkloadField::Tpot:
        return tr("TPOT target of %1").arg(workload);
    }
    return workload;
}

QString OutlookDocument::editWorkloadDriver(
    int row, const std::string& workload, OutlookWorkloadField field, const Json& value)
{
    if (row < 0 || row >= static_cast<int>(card().years.size()))
        return tr("no such driver");
    const DriverWords words { field, workloadName(workload) };
    try {
        const OutlookCard next = withOutlookWorkloadDriver(m_catalog, card(), size_t(row), workload, field, value);
        edit(next,
            tr("Outlook %1: %2").arg(next.years[size_t(row)].year).arg(workloadDriverName(field, words.workload)));
    } catch (const InputError& e) {
        return translated(rewordOptionKeys(e, &workloadKeyInWords, &words).message());
    }
    return {};
}

QString OutlookDocument::editWorkloadDriverText(
    int row, const std::string& workload, OutlookWorkloadField field, const QString& text)
{
    Json value;
    try {
        value = parseOutlookWorkloadDriver(field, text.toStdString());
    } catch (const InputError& e) {
        const DriverWords words { field, workloadName(workload) };
        return translated(rewordOptionKeys(e, &workloadKeyInWords, &words).message());
    }
    return editWorkloadDriver(row, workload, field, value);
}

QString OutlookDocument::demandDriverName(OutlookDemandField field, const QString& workload)
{
    switch (field) {
    case OutlookDemandField::RequestsPerDay:
        break;
    case OutlookDemandField::SessionsPerDay:
        return tr("sessions per day of %1").arg(workload);
    case OutlookDemandField::RequestsPerSession:
        return tr("requests per session of %1").arg(workload);
    }
    return tr("requests per day of %1").arg(workload);
}

QString OutlookDocument::editDemand(int row, const std::string& workload, OutlookDemandField field, double value)
{
    if (row < 0 || row >= static_cast<int>(card().years.size()))
        return tr("no such driver");
    const QString name = workloadName(workload);
    try {
        const OutlookCard next = withOutlookDemand(m_catalog, card(), size_t(row), workload, field, value);
        edit(next, tr("Outlook %1: %2").arg(next.years[size_t(row)].year).arg(demandDriverName(field, name)));
    } catch (const InputError& e) {
        return translated(rewordOptionKeys(e, &demandKeyInWords, &name).message());
    }
    return {};
}

QString OutlookDocument::editHardwareShare(int row, const std::string& hardware, double share)
{
    if (row < 0 || row >= static_cast<int>(card().years.size()))
        return tr("no such driver");
    const QString name = hardwareName(hardware);
    try {
        const OutlookCard next = withOutlookHardwareShare(m_catalog, card(), size_t(row), hardware, share);
        edit(next, tr("Outlook %1: %2").arg(next.years[size_t(row)].year).arg(tr("share of %1").arg(name)));
    } catch (const InputError& e) {
        return translated(rewordOptionKeys(e, &hardwareKeyInWords, &name).message());
    }
    return {};
}

OutlookOutcome OutlookDocument::compute(const OutlookCard& card, const ComputeControl&)
{
    validateOutlook(m_catalog, card);
    OutlookOutcome out;
    out.result = computeOutlook(m_catalog, card);
    out.tornado = outlookTornado(m_catalog, card);
    return out;
}

QString OutlookDocument::writeChart(const QString& path, int view) const
{
    const OutlookExport::View v = OutlookExport::View(view);
    const bool decomposed = m_decomposition->hasResult() && m_decomposition->errorMessage().isEmpty();
    return OutlookExport::exportChart(path, v, card(), result().result, &result().tornado,
        decomposed ? &m_decomposition->result() : nullptr, m_exportTier, m_exportOptions);
}

QString OutlookDocument::exportFootnote() const
{
    return OutlookExport::footnote(card());
}

QList<DocumentExport> OutlookDocument::exports() const
{
    QList<DocumentExport> out;
    // The sized figures only while they are the card's: not while an edit fails to size.
    if (hasResult() && errorMessage().isEmpty()) {
        const QStringList charts { QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf") };
        out.append({ QStringLiteral("outlook-chart"), tr("Outlook thesis chart"), charts,
            [this](const QString& path) { return writeChart(path, int(OutlookExport::View::Index)); } });
        out.append({ QStringLiteral("outlook-bytes-chart"), tr("Outlook bytes per tier chart"), charts,
            [this](const QString& path) { return writeChart(path, int(OutlookExport::View::Bytes)); } });
        out.append({ QStringLiteral("outlook-tornado-chart"), tr("Outlook driver tornado chart"), charts,
            [this](const QString& path) { return writeChart(path, int(OutlookExport::View::Tornado)); } });
        // Listed while the decomposition still runs on its worker: its writer then says so.
        out.append({ QStringLiteral("outlook-decomposition-chart"), tr("Outlook growth decomposition chart"), charts,
            [this](const QString& path) { return writeChart(path, int(OutlookExport::View::Decomposition)); } });
        out.append({ QStringLiteral("outlook-years"), tr("Outlook years (CSV)"), { QStringLiteral("csv") },
            [this](const QString& path) {
                return ChartExporter::writeFile(path, QByteArray::fromStdString(outlookCsv(result().result)));
            } });
    }
    out.append({ QStringLiteral("outlook-card"), tr("Outlook card (JSON)"), { QStringLiteral("json") },
        [this](const QString& path) {
            // The card as it reads again, with a line saying what its figures are in (a
            // "_" key: the reader skips it).
            Json j = outlookCardToJson(card());
            j["_units"] = outlookCardUnitsNote();
            return ChartExporter::writeFile(path, QByteArray::fromStdString(j.dump(2) + "\n"));
        } });
    return out;
}

QString OutlookDocument::exportTo(const QString& path) const
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    for (const DocumentExport& e : exports())
        if (e.formats.contains(suffix))
            return e.write(path);
    const bool known
        = QStringList { QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf"), QStringLiteral("csv") }
              .contains(suffix);
    if (known)
        return tr("%1: the outlook cannot be sized: %2").arg(path, errorMessage());
    return tr("%1: export as .png, .svg, .pdf, .csv or .json").arg(path);
}

} // namespace kvtiers::ui
