// Build-time tool: renders the SVG icon to a square PNG of the given size, so the
// hicolor PNG sizes desktops ask for come from the one drawing in resources/kvtiers.svg.
// Usage: kvtiers_render_icon IN.svg OUT.png SIZE
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char** argv)
{
    // No display at build time: Qt's offscreen platform is enough to paint an image.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = QGuiApplication::arguments();
    bool ok = args.size() == 4;
    const int size = ok ? args.at(3).toInt(&ok) : 0;
    if (!ok || size < 8 || size > 4096) {
        std::fprintf(stderr, "usage: kvtiers_render_icon IN.svg OUT.png SIZE (8 to 4096)\n");
        return 2;
    }
    QSvgRenderer svg(args.at(1));
    if (!svg.isValid()) {
        std::fprintf(stderr, "kvtiers_render_icon: %s is not a readable SVG\n", qPrintable(args.at(1)));
        return 1;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    svg.render(&painter);
    painter.end();
    if (!image.save(args.at(2), "PNG")) {
        std::fprintf(stderr, "kvtiers_render_icon: cannot write %s\n", qPrintable(args.at(2)));
        return 1;
    }
    return 0;
}
