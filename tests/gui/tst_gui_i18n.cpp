// The UI in Korean and English. Drives the real MainWindow offscreen through its
// View → Language menu: the same window retranslates in place. Korean replaces the visible
// strings (menus, tabs, controls, headline captions, the article's tier table in the
// article's own Korean words) and leaves no translated English text behind, English brings
// them back, and the scenario, undo history, current tab and the views' inputs survive.
// Also checks the translation itself: lrelease finds nothing unfinished, and lupdate finds
// no source string missing from the .ts.

#include "core/analysis/Sensitivity.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/model/Evaluation.h"
#include "tests/support/TestHome.h"
#include "ui/app/Language.h"
#include "ui/app/MainWindow.h"
#include "ui/charts/TierChart.h"
#include "ui/charts/TornadoChart.h"
#include "ui/charts/TraceChart.h"
#include "ui/common/Settings.h"
#include "ui/scenario/ControlsPanel.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/scenario/TierTableModel.h"
#include "ui/text/CardText.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QToolTip>
#include <QUndoStack>
#include <QXmlStreamReader>
#include <QtTest>
#include <qcustomplot.h>

#include <algorithm>
#include <memory>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

/// The tier table of article.ko.txt (shared/seed), verbatim: header, then HBM, D램, eSSD.
const QStringList kKoreanHeader = { QStringLiteral("계층"), QStringLiteral("주로 놓이는 것"),
    QStringLiteral("수요가 커지는 조건"), QStringLiteral("한계") };
const QList<QStringList> kKoreanRows = {
    { QStringLiteral("HBM"), QStringLiteral("연산 중인 가중치와 가장 뜨거운 KV"),
        QStringLiteral("낮은 지연시간, 긴 문맥, 높은 동시성"), QStringLiteral("용량과 가격") },
    { QStringLiteral("서버 D램"), QStringLiteral("곧 다시 쓸 가능성이 높은 KV·프리픽스"),
        QStringLiteral("캐시 재사용률이 높고 GPU 연결이 빠를 때"), QStringLiteral("PCIe 전송 지연") },
    { QStringLiteral("eSSD"), QStringLiteral("차가운 KV·프리픽스·모델 캐시"),
        QStringLiteral("재계산보다 저장·복원이 쌀 때"), QStringLiteral("토큰 단위 실시간 접근에는 느림") },
};
/// The same table in article.en.md's words.
const QStringList kEnglishHeader = { QStringLiteral("Tier"), QStringLiteral("What mainly lives there"),
    QStringLiteral("When demand for it grows"), QStringLiteral("Limit") };
const QStringList kEnglishDramRow
    = { QStringLiteral("Server DRAM"), QStringLiteral("KV and prefixes likely to be reused soon"),
          QStringLiteral("High cache reuse and a fast GPU link"), QStringLiteral("PCIe transfer latency") };

QStringList menuTitles(const MainWindow* w)
{
    QStringList titles;
    for (const QAction* a : w->menuBar()->actions())
        titles << a->text();
    return titles;
}

bool hasLabel(const MainWindow* w, const QString& text)
{
    const auto labels = w->findChildren<QLabel*>();
    return std::any_of(labels.begin(), labels.end(), [&](const QLabel* l) { return l->text() == text; });
}

QStringList headerRow(const TierTableModel* m)
{
    QStringList cells;
    for (int c = 0; c <= TierTableModel::LimitColumn; ++c)
        cells << m->headerData(c, Qt::Horizontal).toString();
    return cells;
}

QStringList tableRow(const TierTableModel* m, int row)
{
    QStringList cells;
    for (int c = 0; c <= TierTableModel::LimitColumn; ++c)
        cells << m->index(row, c).data().toString();
    return cells;
}

double contextOf(const MainWindow* w)
{
    return w->controller()->scenario().workload.context;
}

QString lines(const QByteArray& output)
{
    return QString::fromLocal8Bit(output).trimmed();
}

bool hasHangul(const QString& text)
{
    return std::any_of(
        text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3; });
}

QString labelText(const MainWindow* w, const char* name)
{
    const auto* label = w->findChild<QLabel*>(QLatin1String(name));
    return label ? label->text() : QString();
}

/// Every text the window shows through a widget or an action: labels, buttons, group box
/// titles, tab titles, combo items, spin box suffixes and special values, placeholders,
/// window and dock titles, tooltips, and menu and action texts. Widgets hidden on purpose
/// (an error line while there is no error) are left out: they are worded when shown.
QStringList shownTexts(const MainWindow* w)
{
    QStringList texts;
    auto add = [&](const QString& text) {
        if (!text.trimmed().isEmpty())
            texts << text;
    };
    QList<QWidget*> widgets = w->findChildren<QWidget*>();
    widgets << const_cast<MainWindow*>(w);
    for (QWidget* widget : std::as_const(widgets)) {
        if (widget->isHidden() && !widget->isWindow())
            continue;
        add(widget->toolTip());
        if (widget->isWindow() || qobject_cast<QDockWidget*>(widget))
            add(widget->windowTitle());
        if (auto* l = qobject_cast<QLabel*>(widget))
            add(l->text());
        if (auto* b = qobject_cast<QAbstractButton*>(widget))
            add(b->text());
        if (auto* g = qobject_cast<QGroupBox*>(widget))
            add(g->title());
        if (auto* t = qobject_cast<QTabWidget*>(widget))
            for (int i = 0; i < t->count(); ++i)
                add(t->tabText(i));
        if (auto* c = qobject_cast<QComboBox*>(widget))
            for (int i = 0; i < c->count(); ++i)
                add(c->itemText(i));
        if (auto* s = qobject_cast<QSpinBox*>(widget)) {
            add(s->suffix());
            add(s->specialValueText());
        }
        if (auto* s = qobject_cast<QDoubleSpinBox*>(widget)) {
            add(s->suffix());
            add(s->specialValueText());
        }
        if (auto* e = qobject_cast<QLineEdit*>(widget))
            add(e->placeholderText());
        if (auto* m = qobject_cast<QMenu*>(widget))
            add(m->title());
    }
    for (const QAction* a : w->findChildren<QAction*>()) {
        add(a->text());
        add(a->toolTip() == QString(a->text()).remove(u'&') ? QString() : a->toolTip());
        add(a->statusTip());
    }
    return texts;
}

/// What a chart's plot says: its title, legend entries and axis labels.
QStringList plotTexts(const ChartBase& chart)
{
    QStringList texts;
    if (chart.title())
        texts << chart.title()->text();
    QCustomPlot* const p = chart.plot();
    for (int i = 0; i < p->plottableCount(); ++i)
        if (!p->plottable(i)->name().isEmpty())
            texts << p->plottable(i)->name();
    for (QCPAxisRect* rect : p->axisRects())
        for (QCPAxis* axis : rect->axes()) {
            if (!axis->label().isEmpty())
                texts << axis->label();
            // Panel names ("HBM", "Server DRAM") are ticks of a text ticker.
            if (auto names = axis->ticker().dynamicCast<QCPAxisTickerText>())
                for (const QString& name : names->ticks())
                    texts << name;
        }
    return texts;
}

/// The texts of `w` in Korean, but for the language menu's own name for Korean.
QStringList koreanTexts(const MainWindow* w)
{
    QStringList korean;
    for (const QString& text : shownTexts(w))
        if (hasHangul(text) && text != QStringLiteral("한국어(&K)"))
            korean << text;
    return korean;
}

/// The source texts the Korean translation words differently: a widget showing one of
/// these in the Korean window missed its retranslation.
QSet<QString> translatedSources()
{
    QFile file(QStringLiteral(KVTIERS_TS_FILE));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QSet<QString> sources;
    QXmlStreamReader xml(&file);
    QString source;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("source"))
            source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation")) {
            const QString translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (!translation.isEmpty() && translation != source)
                sources.insert(source);
        }
    }
    return sources;
}

/// The texts of `shown` (the Korean window) that are still the English ones of `english`
/// although the .ts translates them.
QStringList untranslated(const QStringList& shown, const QStringList& english)
{
    static const QSet<QString> translated = translatedSources();
    const QSet<QString> before(english.begin(), english.end());
    QStringList missed;
    for (const QString& text : shown)
        if (before.contains(text) && translated.contains(text) && !missed.contains(text))
            missed << text;
    return missed;
}

/// The texts a user can see on the tab page `page`, its charts' plots included, and in
/// the controls beside it: shownTexts() kept to the visible widgets under `roots`.
QStringList visibleTexts(const MainWindow* w, const QList<const QWidget*>& roots)
{
    QStringList out;
    QSet<QString> seen;
    auto under = [&](const QWidget* widget) {
        return std::any_of(
            roots.begin(), roots.end(), [&](const QWidget* r) { return r == widget || r->isAncestorOf(widget); });
    };
    auto add = [&](const QString& text) {
        if (!text.trimmed().isEmpty() && !seen.contains(text)) {
            seen.insert(text);
            out << text;
        }
    };
    for (const QWidget* widget : w->findChildren<QWidget*>()) {
        if (!widget->isVisible() || !under(widget))
            continue;
        add(widget->toolTip());
        if (auto* l = qobject_cast<const QLabel*>(widget))
            add(l->text());
        if (auto* b = qobject_cast<const QAbstractButton*>(widget))
            add(b->text());
        if (auto* g = qobject_cast<const QGroupBox*>(widget))
            add(g->title());
        if (auto* t = qobject_cast<const QTabWidget*>(widget))
            for (int i = 0; i < t->count(); ++i)
                add(t->tabText(i));
        if (auto* c = qobject_cast<const QComboBox*>(widget))
            for (int i = 0; i < c->count(); ++i)
                add(c->itemText(i));
        if (auto* s = qobject_cast<const QAbstractSpinBox*>(widget)) {
            add(s->specialValueText());
            if (auto* d = qobject_cast<const QDoubleSpinBox*>(widget))
                add(d->suffix());
            if (auto* i = qobject_cast<const QSpinBox*>(widget))
                add(i->suffix());
        }
        if (auto* e = qobject_cast<const QLineEdit*>(widget))
            add(e->placeholderText());
        if (auto* chart = qobject_cast<const ChartBase*>(widget))
            for (const QString& text : plotTexts(*chart))
                add(text);
        if (auto* view = qobject_cast<const QAbstractItemView*>(widget); view && view->model()) {
            const QAbstractItemModel* m = view->model();
            for (int c = 0; c < m->columnCount(); ++c)
                add(m->headerData(c, Qt::Horizontal).toString());
            for (int r = 0; r < m->rowCount(); ++r)
                for (int c = 0; c < m->columnCount(); ++c)
                    add(m->index(r, c).data().toString());
        }
    }
    return out;
}

/// Words that stay as they are in Korean: proper names (every built-in card's name and id,
/// engines, formats), units and abbreviations. A text made only of these, numbers and
/// signs is not untranslated.
QSet<QString> properWords()
{
    QSet<QString> words;
    auto addWords = [&](const std::string& text) {
        for (const QString& word :
            QString::fromStdString(text).split(QRegularExpression(QStringLiteral("[^A-Za-z]+")), Qt::SkipEmptyParts))
            words.insert(word);
    };
    const CardCatalog& c = CardCatalog::builtin();
    for (const auto& [id, m] : c.models()) {
        addWords(id);
        addWords(m.name);
        addWords(m.family);
    }
    for (const auto& [id, h] : c.hardware()) {
        addWords(id);
        addWords(h.name);
    }
    for (const auto& [id, r] : c.restorePaths())
        addWords(id);
    for (const auto& [id, wl] : c.workloads())
        addWords(id);
    for (const char* word : { "HBM", "DRAM", "NVMe", "SSD", "eSSD", "KV", "TP", "GPU", "GPUs", "GiB", "TiB", "KiB",
             "MiB", "PiB", "GB", "TB", "MB", "kB", "PB", "B", "K", "M", "G", "T", "vLLM", "LMCache", "Mooncake", "TTFT",
             "TPOT", "MLA", "MHA", "GQA", "MQA", "MoE", "FP", "BF", "fp", "bf", "int", "auto", "JSON", "CSV", "PNG",
             "SVG", "PDF", "Alt", "Ctrl", "Shift", "PgUp", "PgDown", "Tab", "Bailian", "Qwen", "jsonl", "SLO", "p", "e",
             "x", "s", "ms", "min", "h", "QPS", "LRU", "MTP", "NVLink", "PCIe", "RDMA", "DMA", "Erlang", "C", "FCFS",
             "API", "kvtiers", "Kimi", "FlexGen", "OPT", "SWE", "Codex", "RAG", "FIM", "config", "json", "Hugging",
             "Face", "HF", "tokens", "Little", "OffloadingConnector", "TensorRT", "LLM" })
        words.insert(QString::fromLatin1(word));
    return words;
}

/// The texts in `texts` with an English word in them and no Korean: untranslated.
QStringList englishOnly(const QStringList& texts)
{
    static const QSet<QString> proper = properWords();
    QStringList out;
    for (const QString& text : texts) {
        if (hasHangul(text))
            continue;
        const QStringList words
            = QString(text).remove(u'&').split(QRegularExpression(QStringLiteral("[^A-Za-z]+")), Qt::SkipEmptyParts);
        if (std::any_of(words.begin(), words.end(), [](const QString& w) { return !proper.contains(w); }))
            out << text;
    }
    return out;
}

} // namespace

class TestGuiI18n : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        kvtiers::test::clearTestHome();
        installTranslator(kLanguageEnglish);
    }

    void settingsResolve()
    {
        QCOMPARE(resolvedLanguage(kLanguageKorean), kLanguageKorean);
        QCOMPARE(resolvedLanguage(kLanguageEnglish), kLanguageEnglish);
        const QString system = resolvedLanguage(kLanguageSystem);
        QVERIFY(system == kLanguageEnglish || system == kLanguageKorean);
    }

    void switchToKoreanAndBackInPlace()
    {
        auto w = std::make_unique<MainWindow>();
        w->resize(1400, 900);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QTRY_VERIFY(w->controller()->hasResult());
        MainWindow* const window = w.get();

        // English to start with.
        QCOMPARE(menuTitles(window).mid(0, 2), (QStringList { QStringLiteral("&File"), QStringLiteral("&Edit") }));
        QVERIFY(hasLabel(window, QStringLiteral("KV per token")));
        QCOMPARE(headerRow(w->tierTableModel()), kEnglishHeader);
        QCOMPARE(tableRow(w->tierTableModel(), 1), kEnglishDramRow);

        // What the user has done: a scenario edit (64K context, one undo step), a Fleet
        // rate typed in, the Sensitivity view on the fleet, and the Fleet tab in front.
        const double contextBefore = contextOf(window);
        QVERIFY(contextBefore != 65536.0);
        w->controller()->setOverride("context", Json(65536));
        QTRY_COMPARE(contextOf(window), 65536.0);
        QUndoStack* stack = w->controller()->undoStack();
        const int steps = stack->count();
        QVERIFY(steps > 0);
        auto* tabs = w->findChild<QTabWidget*>(QStringLiteral("viewTabs"));
        QVERIFY(tabs);
        tabs->setCurrentIndex(1);
        auto* rate = w->findChild<QDoubleSpinBox*>(QStringLiteral("fleetRate"));
        QVERIFY(rate);
        rate->setFocus();
        rate->selectAll();
        QTest::keyClicks(rate, QStringLiteral("250"));
        QTest::keyClick(rate, Qt::Key_Return);
        QCOMPARE(rate->value(), 250.0);
        auto* scope = w->findChild<QComboBox*>(QStringLiteral("sensitivityScope"));
        QVERIFY(scope);
        scope->setCurrentIndex(1);
        const QString scopeText = scope->currentText();
        const QStringList english = shownTexts(window);
        QVERIFY(english.contains(QStringLiteral("&Add workload")));

        // View → Language → 한국어: the same window, in Korean.
        auto* korean = w->findChild<QAction*>(QStringLiteral("languageKoreanAction"));
        QVERIFY(korean);
        korean->trigger();
        QCOMPARE(installedLanguage(), kLanguageKorean);
        QCOMPARE(Settings().language(), kLanguageKorean);
        QVERIFY(window->isVisible());
        const QStringList titles = menuTitles(window);
        QVERIFY2(titles.contains(QStringLiteral("파일(&F)")), qPrintable(titles.join(u'|')));
        QVERIFY2(titles.contains(QStringLiteral("보기(&V)")), qPrintable(titles.join(u'|')));
        QVERIFY(!titles.contains(QStringLiteral("&File")));
        QVERIFY2(hasHangul(tabs->tabText(1)), qPrintable(tabs->tabText(1)));
        QVERIFY(hasLabel(window, QStringLiteral("토큰당 KV")));
        QVERIFY(hasLabel(window, QStringLiteral("최대 동시 처리 요청 수")));
        QVERIFY(!hasLabel(window, QStringLiteral("KV per token")));
        const QString contextLabel = QCoreApplication::translate("Knob", "&Context per sequence (tokens):");
        QVERIFY2(hasHangul(contextLabel), qPrintable(contextLabel));
        QVERIFY(hasLabel(window, contextLabel));
        QCOMPARE(headerRow(w->tierTableModel()), kKoreanHeader);
        for (int row = 0; row < 3; ++row)
            QCOMPARE(tableRow(w->tierTableModel(), row), kKoreanRows.at(row));
        QVERIFY(w->findChild<QAction*>(QStringLiteral("languageKoreanAction"))->isChecked());
        // Edit › Undo is worded in Korean, verb last, around the step's own (English) text.
        auto* undo = w->findChild<QAction*>(QStringLiteral("undoAction"));
        QVERIFY(undo);
        QVERIFY2(undo->text().endsWith(QStringLiteral("실행 취소(&U)")), qPrintable(undo->text()));
        // Nothing the window shows kept an English text that the .ts translates.
        QTRY_VERIFY2(untranslated(shownTexts(window), english).isEmpty(),
            qPrintable(untranslated(shownTexts(window), english).join(QStringLiteral("\n"))));
        // Everything the user had done came along.
        QCOMPARE(contextOf(window), 65536.0);
        QCOMPARE(w->controller()->spec().overrides.value("context", 0.0), 65536.0);
        QCOMPARE(stack->count(), steps);
        QCOMPARE(tabs->currentIndex(), 1);
        QCOMPARE(rate->value(), 250.0);
        QCOMPARE(scope->currentIndex(), 1);
        QVERIFY(scope->currentText() != scopeText);
        if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty()) {
            // Each tab as switched to Korean, to look at (nothing English, nothing cut).
            for (int tab = 0; tab < tabs->count(); ++tab) {
                tabs->setCurrentIndex(tab);
                QTest::qWait(1000);
                QVERIFY(window->grab().save(QStringLiteral("%1/switched-ko-tab%2.png").arg(dir).arg(tab)));
            }
            tabs->setCurrentIndex(1);
        }

        // And back to English, still the same window.
        w->findChild<QAction*>(QStringLiteral("languageEnglishAction"))->trigger();
        QCOMPARE(installedLanguage(), kLanguageEnglish);
        QCOMPARE(Settings().language(), kLanguageEnglish);
        QCOMPARE(menuTitles(window).mid(0, 2), (QStringList { QStringLiteral("&File"), QStringLiteral("&Edit") }));
        QCOMPARE(tabs->tabText(1), QStringLiteral("Fleet"));
        QVERIFY(hasLabel(window, QStringLiteral("KV per token")));
        QVERIFY(hasLabel(window, QStringLiteral("&Context per sequence (tokens):")));
        QCOMPARE(headerRow(w->tierTableModel()), kEnglishHeader);
        QCOMPARE(tableRow(w->tierTableModel(), 1), kEnglishDramRow);
        QCOMPARE(scope->currentText(), scopeText);
        QVERIFY2(undo->text().startsWith(QStringLiteral("&Undo ")), qPrintable(undo->text()));
        // Views that compute their text (the Sensitivity summary) do so on the next turn.
        QTRY_VERIFY2(koreanTexts(window).isEmpty(), qPrintable(koreanTexts(window).join(QStringLiteral("\n"))));
        QCOMPARE(contextOf(window), 65536.0);
        QCOMPARE(stack->count(), steps);
        QCOMPARE(tabs->currentIndex(), 1);
        QCOMPARE(rate->value(), 250.0);
        QCOMPARE(scope->currentIndex(), 1);

        // Choosing the language already shown changes nothing.
        w->switchLanguage(kLanguageEnglish);
        QCOMPARE(installedLanguage(), kLanguageEnglish);
        QVERIFY(w->findChild<QAction*>(QStringLiteral("languageEnglishAction"))->isChecked());
        QCOMPARE(stack->count(), steps);

        // Ctrl+Z still undoes the edit made before both switches (on a scenario tab: the
        // Fleet tab's Ctrl+Z undoes its own inputs).
        tabs->setCurrentIndex(0);
        tabs->setFocus();
        QTest::keyClick(window, Qt::Key_Z, Qt::ControlModifier);
        QTRY_COMPARE(contextOf(window), contextBefore);
        QCOMPARE(stack->index(), steps - 1);
    }

    void coreTextIsKoreanInKorean()
    {
        // What the core words in English (the per-token formula, the warnings, a scenario
        // the validation refuses) reads in Korean in the Korean window.
        installTranslator(kLanguageKorean);
        auto w = std::make_unique<MainWindow>();
        w->resize(1400, 900);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QTRY_VERIFY(w->controller()->hasResult());
        w->controller()->resetToArticle(); // the article's scenario, whatever the settings held
        QTRY_COMPARE(contextOf(w.get()), 131072.0);

        // The presets dock: the built-ins' Korean names fit its width, no sideways scrolling.
        auto* dock = w->findChild<QDockWidget*>(QStringLiteral("presetDock"));
        QVERIFY(dock);
        dock->show();
        auto* list = w->findChild<QListWidget*>(QStringLiteral("presetList"));
        QVERIFY(list && list->count() > 0);
        QTRY_VERIFY(list->isVisible());
        QVERIFY(list->item(0)->text().contains(QStringLiteral("기본 제공")));
        // Also when the user narrows the dock.
        for (int width : { 360, 170 }) {
            w->resizeDocks({ dock }, { width }, Qt::Horizontal);
            QTest::qWait(50);
            QVERIFY(!list->horizontalScrollBar()->isVisible());
            for (int i = 0; i < list->count(); ++i) {
                const QRect r = list->visualItemRect(list->item(i));
                QVERIFY2(r.right() < list->viewport()->width(), qPrintable(list->item(i)->text()));
            }
        }
        if (qEnvironmentVariableIsSet("KVTIERS_SCREENSHOT_PRESETS"))
            QVERIFY(w->grab().save(qEnvironmentVariable("KVTIERS_SCREENSHOT_PRESETS")));

        const QString formula = labelText(w.get(), "headlineFormula");
        QVERIFY2(formula.contains(QStringLiteral("토큰당")), qPrintable(formula));
        QVERIFY2(!formula.contains(QStringLiteral("per token")), qPrintable(formula));
        QVERIFY2(formula.contains(QStringLiteral("2 × 80 × 8 × 128 × 2 B = 327,680 B = 320 KiB")), qPrintable(formula));

        // 4096 sequences × 128K context on the article's model: the hot set overflows HBM.
        w->controller()->setOverride("concurrency", Json(4096));
        QTRY_COMPARE(w->controller()->scenario().workload.concurrency, 4096.0);
        auto* warnings = w->findChild<QLabel*>(QStringLiteral("warningsLabel"));
        QVERIFY(warnings);
        QTRY_VERIFY(warnings->isVisible());
        QVERIFY2(hasHangul(warnings->text()), qPrintable(warnings->text()));
        QVERIFY2(!warnings->text().contains(QStringLiteral("does not fit")), qPrintable(warnings->text()));
        QVERIFY2(warnings->text().contains(QStringLiteral("4,096")), qPrintable(warnings->text()));

        // TP 3 does not fit 8 GPUs: the banner says so in Korean.
        w->controller()->setOverride("tp", Json(3));
        auto* banner = w->findChild<QLabel*>(QStringLiteral("errorBanner"));
        QVERIFY(banner);
        QTRY_VERIFY(banner->isVisible());
        QVERIFY2(hasHangul(banner->text()), qPrintable(banner->text()));
        QVERIFY2(!banner->text().contains(QStringLiteral("does not fit")), qPrintable(banner->text()));
        QVERIFY2(banner->text().contains(QStringLiteral("3")) && banner->text().contains(QStringLiteral("8")),
            qPrintable(banner->text()));

        // A context typed wrong: the status bar explains in Korean, and the field keeps its value.
        auto* context = w->findChild<QLineEdit*>(QStringLiteral("contextEdit"));
        QVERIFY(context);
        w->controller()->undoStack()->undo(); // back to a valid TP
        QTRY_VERIFY(!banner->isVisible());
        const QString before = context->text();
        context->setFocus();
        context->selectAll();
        QTest::keyClicks(context, QStringLiteral("lots"));
        QTest::keyClick(context, Qt::Key_Return);
        QTRY_VERIFY(w->statusBar()->currentMessage().contains(QStringLiteral("\"lots\"")));
        const QString status = w->statusBar()->currentMessage();
        QVERIFY2(hasHangul(status), qPrintable(status));
        QVERIFY2(!status.contains(QStringLiteral("is not a token count")), qPrintable(status));
        QCOMPARE(context->text(), before);

        w.reset();
        installTranslator(kLanguageEnglish);
    }

    void undoTextAndTypedErrorsInKorean()
    {
        // The Korean window's Edit › Undo names the step in Korean, verb last, never a JSON
        // key or a card id; a typed value the core refuses is named in Korean; the spin
        // boxes' units read as the core formats times, and requests as 요청/초.
        installTranslator(kLanguageKorean);
        auto w = std::make_unique<MainWindow>();
        w->resize(1400, 900);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QTRY_VERIFY(w->controller()->hasResult());
        w->controller()->resetToArticle();
        QTRY_COMPARE(contextOf(w.get()), 131072.0);

        QAction* undo = nullptr;
        QMenu* edit = nullptr;
        for (QAction* menu : w->menuBar()->actions())
            if (menu->menu())
                for (QAction* a : menu->menu()->actions())
                    if (a->objectName() == QLatin1String("undoAction")) {
                        undo = a;
                        edit = menu->menu();
                    }
        QVERIFY(undo && edit);
        QCOMPARE(edit->title(), QStringLiteral("편집(&E)"));

        auto* slider = w->findChild<QSlider*>(QStringLiteral("reuseSlider"));
        QVERIFY(slider);
        slider->setFocus();
        QTest::keyClick(slider, Qt::Key_PageUp);
        QTRY_VERIFY(w->controller()->spec().overrides.contains("reuse_rate"));
        QTRY_VERIFY2(undo->text().contains(QStringLiteral("재사용률")), qPrintable(undo->text()));
        QVERIFY2(!undo->text().contains(QStringLiteral("reuse")), qPrintable(undo->text()));
        QVERIFY2(undo->text().endsWith(QStringLiteral("실행 취소(&U)")), qPrintable(undo->text()));

        auto* workload = w->findChild<QComboBox*>(QStringLiteral("workloadCombo"));
        QVERIFY(workload);
        workload->setCurrentIndex(workload->findData(QStringLiteral("mooncake")));
        const QString mooncake = QString::fromStdString(CardCatalog::builtin().workloads().at("mooncake").name);
        QTRY_VERIFY2(undo->text().contains(mooncake), qPrintable(undo->text()));
        QVERIFY2(
            hasHangul(undo->text()) && !undo->text().contains(QStringLiteral(" mooncake ")), qPrintable(undo->text()));

        // Typed values the core refuses, named by their Korean labels.
        const std::pair<const char*, QString> refused[] = { { "contextEdit", QStringLiteral("문맥 길이: ") },
            { "concurrencyEdit", QStringLiteral("동시 처리 요청 수: ") },
            { "reuseEdit", QStringLiteral("재사용률: ") } };
        for (const auto& [name, label] : refused) {
            auto* edit = w->findChild<QLineEdit*>(QLatin1String(name));
            QVERIFY(edit);
            w->statusBar()->clearMessage();
            edit->setFocus();
            edit->selectAll();
            QTest::keyClicks(edit, QStringLiteral("abc"));
            QTest::keyClick(edit, Qt::Key_Return);
            QTRY_VERIFY(!w->statusBar()->currentMessage().isEmpty());
            const QString status = w->statusBar()->currentMessage();
            QVERIFY2(status.startsWith(label) && hasHangul(status.mid(label.size())), qPrintable(status));
        }

        QCOMPARE(w->findChild<QDoubleSpinBox*>(QStringLiteral("reuseDistanceSpin"))->suffix(), QStringLiteral(" s"));
        QCOMPARE(w->findChild<QDoubleSpinBox*>(QStringLiteral("fleetTtft"))->suffix(), QStringLiteral(" s"));
        QCOMPARE(w->findChild<QDoubleSpinBox*>(QStringLiteral("fleetTpot"))->suffix(), QStringLiteral(" ms"));
        QCOMPARE(
            w->findChild<QDoubleSpinBox*>(QStringLiteral("requestRateSpin"))->suffix(), QStringLiteral(" 요청/초"));

        if (qEnvironmentVariableIsSet("KVTIERS_SCREENSHOT_UNDO")) {
            w->findChild<QToolButton*>(QStringLiteral("advancedToggle"))->setChecked(true);
            w->findChild<QDoubleSpinBox*>(QStringLiteral("requestRateSpin"))->setValue(2.5); // shows its unit
            QTest::qWait(100);
            const QString path = qEnvironmentVariable("KVTIERS_SCREENSHOT_UNDO");
            QVERIFY(w->grab().save(path));
            edit->popup(w->mapToGlobal(QPoint(40, 40)));
            QTest::qWait(100);
            QVERIFY(edit->grab().save(QString(path).replace(QStringLiteral(".png"), QStringLiteral("-edit-menu.png"))));
            edit->close();
        }
        w.reset();
        installTranslator(kLanguageEnglish);
    }

    void overflowCaptionFitsItsPanel()
    {
        // Context 2M: what fits in no tier has its own narrow panel, captioned "fits in no
        // tier!". In both languages, at the app's default size (1600×1000) and at two
        // narrower ones, the caption stays inside the plot and clear of the eSSD bar; a
        // caption that had to be shortened shows whole on hover. At the default size it is
        // shown whole (wrapped at most).
        for (const QString& language : { kLanguageEnglish, kLanguageKorean }) {
            installTranslator(language);
            auto w = std::make_unique<MainWindow>();
            w->resize(1600, 1000);
            w->show();
            QVERIFY(QTest::qWaitForWindowExposed(w.get()));
            QTRY_VERIFY(w->controller()->hasResult());
            w->controller()->resetToArticle();
            w->controller()->setOverride("context", Json(2097152));
            QTRY_COMPARE(contextOf(w.get()), 2097152.0);
            auto* chart = w->findChild<TierChart*>(QStringLiteral("tierChart"));
            QVERIFY(chart);
            QTRY_VERIFY(chart->overflow() > 0);
            const QString full = chart->caption(kTierCount);
            QCOMPARE(full, TierChart::tr("fits in no tier!"));
            QCOMPARE(hasHangul(full), language == kLanguageKorean);
            for (const QSize size : { QSize(1600, 1000), QSize(1280, 800), QSize(1000, 760) }) {
                w->resize(size);
                QTest::qWait(100);
                QCustomPlot* plot = chart->plot();
                plot->replot();
                const QCPAxisRect* ssd = plot->axisRects().at(static_cast<int>(Tier::Ssd));
                const QCPAxisRect* overflow = plot->axisRects().at(kTierCount);
                const QCPAxis* x = overflow->axis(QCPAxis::atBottom);
                const QString shown = x->label();
                const QString what = QStringLiteral("%1 at %2×%3: \"%4\" for \"%5\"")
                                         .arg(language)
                                         .arg(size.width())
                                         .arg(size.height())
                                         .arg(shown, full);
                const QFontMetrics metrics(x->labelFont());
                const int centre = overflow->rect().center().x();
                for (const QString& line : shown.split(u'\n')) {
                    const int half = metrics.horizontalAdvance(line) / 2;
                    QVERIFY2(centre - half > ssd->rect().right(), qPrintable(what));
                    QVERIFY2(centre + half < plot->width(), qPrintable(what));
                }
                // Where the figure over the bar would be cut, the caption gives it.
                const QString whole = chart->caption(kTierCount);
                QVERIFY2(whole == full || whole == TierChart::tr("%1 fit in no tier!").arg(chart->overflowValue()),
                    qPrintable(what));
                if (shown != whole) {
                    const int margin = overflow->outerRect().bottom() - overflow->rect().bottom();
                    const QPoint caption(centre, overflow->rect().bottom() + margin * 3 / 4);
                    QCOMPARE(chart->toolTipTextAt(caption), whole);
                }
                if (size == QSize(1600, 1000))
                    QVERIFY2(QString(shown).replace(u'\n', u' ') == full, qPrintable(what));
            }
            if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty()) {
                for (const QSize size : { QSize(1600, 1000), QSize(1280, 800), QSize(1000, 760) }) {
                    w->resize(size);
                    QTest::qWait(150);
                    const QString path = QStringLiteral("%1/overflow-%2-%3.png").arg(dir, language).arg(size.width());
                    QVERIFY(w->grab().save(path));
                }
            }
            w.reset();
        }
        installTranslator(kLanguageEnglish);
    }

    void elidedTierCellsGiveTheirTextOnHover()
    {
        // With the presets dock open the Korean tier table is narrower than the article's
        // sentences, and its rows keep the height they were fitted to (docs/performance.md):
        // some cells end in "…". Hovering any text cell gives its whole text.
        installTranslator(kLanguageKorean);
        auto w = std::make_unique<MainWindow>();
        w->resize(1600, 1000);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QTRY_VERIFY(w->controller()->hasResult());
        w->controller()->resetToArticle();
        QTRY_COMPARE(contextOf(w.get()), 131072.0);
        QTest::qWait(300); // the deferred row fit
        auto* dock = w->findChild<QDockWidget*>(QStringLiteral("presetDock"));
        QVERIFY(dock);
        // Docked on the right, beside the charts (it opens under the controls by default).
        w->addDockWidget(Qt::RightDockWidgetArea, dock);
        dock->show();
        w->resizeDocks({ dock }, { 360 }, Qt::Horizontal);
        QTest::qWait(100);
        auto* table = w->findChild<QTableView*>(QStringLiteral("tierTable"));
        QVERIFY(table);
        const QAbstractItemModel* model = table->model();
        int elided = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            for (int column : { TierTableModel::LivesThereColumn, TierTableModel::DemandGrowsColumn,
                     TierTableModel::LimitColumn, TierTableModel::RestoreColumn }) {
                const QModelIndex index = model->index(row, column);
                const QString text = index.data().toString();
                QVERIFY2(hasHangul(text), qPrintable(text));
                const QRect cell = table->visualRect(index);
                const QVariant font = index.data(Qt::FontRole);
                const QFontMetrics metrics(font.isValid() ? font.value<QFont>() : table->font());
                if (metrics.boundingRect(cell.adjusted(3, 0, -3, 0), Qt::TextWordWrap, text).height() > cell.height())
                    ++elided;
                QHelpEvent hover(QEvent::ToolTip, cell.center(), table->viewport()->mapToGlobal(cell.center()));
                QApplication::sendEvent(table->viewport(), &hover);
                QTRY_VERIFY(QToolTip::isVisible());
                QTRY_VERIFY2(QToolTip::text().startsWith(text), qPrintable(QToolTip::text()));
            }
        }
        QVERIFY2(elided > 0, "no cell is elided: the test no longer shows the narrow table");
        QToolTip::hideText();
        w.reset();
        installTranslator(kLanguageEnglish);
    }

    void chartsRewordThemselvesInPlace()
    {
        // A chart words its picker, title, legend and axes again on a language switch, from
        // the data it holds: no window re-feeds it (these charts stand alone).
        ScenarioSpec spec;
        spec.workload = "article";
        const Scenario scenario = resolveScenario(CardCatalog::builtin(), spec).scenario;
        const EvalResult result = evaluate(scenario);
        TierChart tier;
        tier.setResult(scenario, result);
        TornadoChart tornado;
        tornado.setResult(sensitivity(scenario), Tier::Dram);
        TraceChart trace;
        const QStringList englishTrace = plotTexts(trace);
        auto* scope = tier.findChild<QComboBox*>(QStringLiteral("scopeCombo"));
        QVERIFY(scope);
        const QStringList englishTier = plotTexts(tier);
        const QString englishRow = tornado.rowLabelAt(0);
        QVERIFY(!englishTier.isEmpty());
        for (const QString& text : englishTier + QStringList { englishRow, scope->currentText() })
            QVERIFY2(!hasHangul(text), qPrintable(text));

        installTranslator(kLanguageKorean);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
        QVERIFY2(hasHangul(scope->currentText()), qPrintable(scope->currentText()));
        QVERIFY2(hasHangul(tier.title()->text()), qPrintable(tier.title()->text()));
        QStringList koreanTier = plotTexts(tier);
        QVERIFY2(std::any_of(koreanTier.begin(), koreanTier.end(), [](const QString& t) { return hasHangul(t); }),
            qPrintable(koreanTier.join(u'|')));
        QCOMPARE(koreanTier.size(), englishTier.size());
        // Nothing the chart drew kept an English text that the .ts translates.
        QVERIFY2(untranslated(koreanTier, englishTier).isEmpty(),
            qPrintable(untranslated(koreanTier, englishTier).join(u'|')));
        QVERIFY(koreanTier != englishTier);
        QVERIFY2(hasHangul(tornado.title()->text()), qPrintable(tornado.title()->text()));
        QVERIFY2(hasHangul(tornado.rowLabelAt(0)), qPrintable(tornado.rowLabelAt(0)));
        const QStringList koreanTrace = plotTexts(trace);
        QVERIFY2(untranslated(koreanTrace, englishTrace).isEmpty(),
            qPrintable(untranslated(koreanTrace, englishTrace).join(u'|')));
        QVERIFY2(hasHangul(trace.title()->text()), qPrintable(trace.title()->text()));

        installTranslator(kLanguageEnglish);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
        QCOMPARE(plotTexts(tier), englishTier);
        QCOMPARE(tornado.rowLabelAt(0), englishRow);
    }

    void everyTabShowsKoreanAfterALiveSwitch()
    {
        // After View > Language > 한국어 in a running window, every string a user can see in
        // the Scenario, Fleet, Sensitivity and Trace tabs (and the controls beside them) is
        // Korean, or made only of proper names, units and figures (properWords()).
        auto w = std::make_unique<MainWindow>();
        w->resize(1400, 900);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QTRY_VERIFY(w->controller()->hasResult());
        w->findChild<ControlsPanel*>()->setAdvancedExpanded(true); // its fields are visible strings too
        w->findChild<QAction*>(QStringLiteral("languageKoreanAction"))->trigger();
        QCOMPARE(installedLanguage(), kLanguageKorean);
        // The walk's case: the precision pickers kept "16-bit" after a live switch.
        auto* attention = w->findChild<QComboBox*>(QStringLiteral("attentionBitsCombo"));
        QVERIFY(attention);
        QCOMPARE(attention->currentText(), QStringLiteral("16비트"));
        auto* tabs = w->findChild<QTabWidget*>(QStringLiteral("viewTabs"));
        auto* controls = w->findChild<QDockWidget*>(QStringLiteral("controlsDock"));
        QVERIFY(tabs);
        QStringList found;
        for (int tab = 0; tab < 4; ++tab) {
            tabs->setCurrentIndex(tab);
            QTest::qWait(300);
            QList<const QWidget*> roots { tabs->widget(tab) };
            if (controls && tab != 1)
                roots << controls;
            for (const QString& text : englishOnly(visibleTexts(w.get(), roots)))
                found << QStringLiteral("%1: %2").arg(tabs->tabText(tab), text);
        }
        w->findChild<QAction*>(QStringLiteral("languageEnglishAction"))->trigger();
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }

    void everyBuiltinCardNameIsListedAndKorean()
    {
        // Card text comes from JSON that lupdate cannot read: CardText.cpp lists it. A card
        // whose name is missing from the list (a new card) would stay English in Korean.
        QStringList names;
        for (const auto& [id, card] : CardCatalog::builtin().workloads())
            names << QString::fromStdString(card.name);
        for (const auto& [id, path] : CardCatalog::builtin().restorePaths())
            names << QString::fromStdString(path.name);
        const QStringList listed = listedCardTexts();
        QStringList missing;
        for (const QString& name : names)
            if (!listed.contains(name))
                missing << name;
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("not in ui/text/CardText.cpp: ") + missing.join(u'|')));
        installTranslator(kLanguageKorean);
        for (const QString& name : names) {
            const QString korean = cardText(name.toStdString());
            QVERIFY2(korean != name && hasHangul(korean), qPrintable(name));
        }
        installTranslator(kLanguageEnglish);
        QCOMPARE(cardText(names.front().toStdString()), names.front());
        QCOMPARE(cardShortText("Multi-turn chat: Llama 3.1 8B on one H100, 4K context, 64 concurrent"),
            QStringLiteral("Multi-turn chat"));
    }

    void lreleaseFindsNothingUnfinished()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QProcess p;
        p.start(QStringLiteral(KVTIERS_LRELEASE),
            { QStringLiteral(KVTIERS_TS_FILE), QStringLiteral("-qm"), dir.filePath(QStringLiteral("ko.qm")) });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QString out = lines(p.readAllStandardOutput() + p.readAllStandardError());
        const auto m = QRegularExpression(
            QStringLiteral(R"(Generated (\d+) translation\(s\) \((\d+) finished and (\d+) unfinished\))"))
                           .match(out);
        QVERIFY2(m.hasMatch(), qPrintable(out));
        QVERIFY2(m.captured(1).toInt() > 200, qPrintable(out));
        QCOMPARE(m.captured(2), m.captured(1));
        QVERIFY2(m.captured(3) == QLatin1String("0"), qPrintable(out));
        const auto ignored = QRegularExpression(QStringLiteral(R"(Ignored (\d+) untranslated source text)")).match(out);
        QVERIFY2(!ignored.hasMatch() || ignored.captured(1) == QLatin1String("0"), qPrintable(out));
    }

    void lupdateFindsNoNewString()
    {
        // Every tr() in ui/, and every template the core marks, must already be in the .ts (a string added without a
        // translation fails here; fix with `cmake --build <dir> --target update_translations`).
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString copy = dir.filePath(QStringLiteral("kvtiers_ko.ts"));
        QVERIFY(QFile::copy(QStringLiteral(KVTIERS_TS_FILE), copy));
        QProcess p;
        p.start(QStringLiteral(KVTIERS_LUPDATE),
            // -I: includes are written from the repository root; without it lupdate cannot
            // see that the classes live in kvtiers::ui and would name their contexts wrongly.
            { QStringLiteral("-I"), QStringLiteral(KVTIERS_SOURCE_ROOT), QStringLiteral(KVTIERS_SOURCE_UI),
                QStringLiteral(KVTIERS_SOURCE_CORE), QStringLiteral("-extensions"), QStringLiteral("cpp,h"),
                QStringLiteral("-no-obsolete"), QStringLiteral("-ts"), copy });
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QString out = lines(p.readAllStandardOutput() + p.readAllStandardError());
        const auto m = QRegularExpression(
            QStringLiteral(R"(Found (\d+) source text\(s\) \((\d+) new and (\d+) already existing\))"))
                           .match(out);
        QVERIFY2(m.hasMatch(), qPrintable(out));
        QVERIFY2(
            m.captured(2) == QLatin1String("0"), qPrintable(QStringLiteral("untranslated strings in ui/:\n") + out));
    }
};

QTEST_MAIN(TestGuiI18n)
#include "tst_gui_i18n.moc"
