#include "ui/export/ReportRender.h"

#include "ui/charts/ChartBase.h"

#include <QBuffer>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPdfWriter>
#include <QStringList>
#include <QSvgGenerator>
#include <qcustomplot.h>

namespace kvtiers::ui::report {

QPalette palette()
{
    QPalette pal;
    for (auto role : { QPalette::Base, QPalette::Window, QPalette::Button })
        pal.setColor(role, Qt::white);
    for (auto role : { QPalette::Text, QPalette::WindowText, QPalette::ButtonText })
        pal.setColor(role, QColor(0x20, 0x20, 0x20));
    pal.setColor(QPalette::Mid, QColor(0xb0, 0xb0, 0xb0));
    pal.setColor(QPalette::PlaceholderText, QColor(0x70, 0x70, 0x70));
    return pal;
}

QFont titleFont(const QFont& plotFont)
{
    QFont font = plotFont;
    font.setPointSizeF(font.pointSizeF() * 1.45);
    font.setBold(true);
    return font;
}

QFont footnoteFont(const QFont& plotFont)
{
    QFont font = plotFont;
    font.setPointSizeF(font.pointSizeF() * 0.95);
    return font;
}

QString wrapped(const QString& text, const QFont& font, double width)
{
    const QFontMetricsF metrics(font);
    QStringList out;
    for (const QString& paragraph : text.split(u'\n')) {
        QString line;
        for (const QString& word : paragraph.split(u' ')) {
            const QString candidate = line.isEmpty() ? word : line + u' ' + word;
            if (!line.isEmpty() && metrics.horizontalAdvance(candidate) > width) {
                out << line;
                line = word;
            } else {
                line = candidate;
            }
        }
        out << line;
    }
    return out.join(u'\n');
}

void decorate(QCustomPlot* plot, const QString& title, const QString& footnote, int wrapWidth)
{
    QCPLayoutGrid* layout = plot->plotLayout();
    const QFont heading = titleFont(plot->font());
    layout->insertRow(0);
    auto* titleElement
        = new QCPTextElement(plot, wrapWidth > 0 ? wrapped(title, heading, wrapWidth - 24) : title, heading);
    titleElement->setTextColor(QColor(0x10, 0x10, 0x10));
    titleElement->setMargins(QMargins(8, 10, 8, 2));
    layout->addElement(0, 0, titleElement);

    const QFont small = footnoteFont(plot->font());
    const int row = layout->rowCount();
    layout->insertRow(row);
    auto* note = new QCPTextElement(
        plot, wrapWidth > 0 ? wrapped(footnote, small, wrapWidth - 2 * kFootnoteSideMargin - 8) : footnote, small);
    note->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    note->setTextColor(QColor(0x38, 0x38, 0x38));
    note->setMargins(QMargins(kFootnoteSideMargin, 6, kFootnoteSideMargin, 8));
    layout->addElement(row, 0, note);
    // Title and footnote take their natural height; the charts get the rest.
    for (int r = 0; r < layout->rowCount(); ++r)
        layout->setRowStretchFactor(r, r == 0 || r == row ? 0.001 : layout->rowStretchFactors().at(r));
}

QString renderToFile(
    const ChartBase* chart, const QString& path, ExportFormat format, const ExportOptions& o, const QString& title)
{
    if (o.width < 16 || o.height < 16 || o.width > 20000 || o.height > 20000)
        return QObject::tr("%1: size %2 × %3 is outside 16 to 20000").arg(path).arg(o.width).arg(o.height);
    if (!(o.scale >= 0.25 && o.scale <= 8))
        return QObject::tr("%1: scale %2 is outside 0.25 to 8").arg(path).arg(o.scale);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    const QSize size(o.width, o.height);
    auto vector = [&](QPaintDevice* device) { return chart->renderVector(device, size); };
    switch (format) {
    case ExportFormat::Png: {
        const QImage image = chart->renderPixmap(size, o.scale).toImage();
        if (image.isNull() || !image.save(&buffer, "PNG"))
            return QObject::tr("%1: could not render the PNG image").arg(path);
        break;
    }
    case ExportFormat::Svg: {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(QSize(o.width, o.height));
        generator.setViewBox(QRect(0, 0, o.width, o.height));
        generator.setTitle(title);
        generator.setDescription(QObject::tr("Exported by kvtiers %1").arg(QStringLiteral(KVTIERS_VERSION)));
        if (!vector(&generator))
            return QObject::tr("%1: could not start the SVG").arg(path);
        break;
    }
    case ExportFormat::Pdf: {
        // 96 units per inch, as on screen, so text keeps its size relative to the chart.
        QPdfWriter writer(&buffer);
        writer.setCreator(QStringLiteral("kvtiers %1").arg(QStringLiteral(KVTIERS_VERSION)));
        writer.setTitle(title);
        writer.setResolution(96);
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setPageSize(QPageSize(
            QSizeF(o.width * 72.0 / 96.0, o.height * 72.0 / 96.0), QPageSize::Point, QString(), QPageSize::ExactMatch));
        if (!vector(&writer))
            return QObject::tr("%1: could not start the PDF").arg(path);
        break;
    }
    case ExportFormat::Csv:
    case ExportFormat::Json:
        return QObject::tr("%1: a chart is exported as .png, .svg or .pdf").arg(path);
    }
    buffer.close();
    return ChartExporter::writeFile(path, bytes);
}

} // namespace kvtiers::ui::report
