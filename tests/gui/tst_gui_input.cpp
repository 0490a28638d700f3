// Bad input behaves the same in every typed field of the scenario controls, driven through
// the real main window as a user types: "five minutes" and a negative value are refused
// with the core's message in the status bar (naming what was typed), the field is marked
// (property "inputError", the message in its tooltip) and shows the value in effect again,
// and the model keeps its value; a good value typed next clears the mark and the message.

#include "core/scenario/Knobs.h"
#include "tests/support/TestWindow.h"
#include "ui/app/MainWindow.h"
#include "ui/scenario/ControlsPanel.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/widgets/PercentInput.h"

#include <QAbstractSpinBox>
#include <QLineEdit>
#include <QStatusBar>
#include <QtTest>

#include <cmath>
#include <memory>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

/// A typed field of the panel: its widget (marked), the line edit typed into, and a
/// good entry different from the value the field shows.
struct TypedField {
    const Knob* knob;
    QWidget* field;
    QLineEdit* edit;
};

} // namespace

class TestGuiInput : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void everyTypedFieldRefusesWordsAndNegativesTheSameWay();
    void aGoodEntryClearsTheMarkAndTheStaleMessage();
    void reuseDistanceNamesItselfInTheMessage();
    void hostLinkReadsAndShowsARate();

private:
    std::vector<TypedField> typedFields() const;
    /// Types `text` into the field over what it shows and presses Return.
    static void typeInto(const TypedField& f, const QString& text);
    /// A good entry for the field, other than the value it shows.
    static QString goodEntry(const TypedField& f);
    QString status() const { return m_window->statusBar()->currentMessage(); }

    std::unique_ptr<MainWindow> m_window;
};

void TestGuiInput::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestGuiInput::init()
{
    QVERIFY(kvtiers::test::openTestWindow(m_window));
    auto* panel = m_window->findChild<ControlsPanel*>();
    QVERIFY(panel);
    panel->setAdvancedExpanded(true);
}

void TestGuiInput::cleanup()
{
    m_window.reset();
}

std::vector<TypedField> TestGuiInput::typedFields() const
{
    std::vector<TypedField> out;
    auto* panel = m_window->findChild<ControlsPanel*>();
    for (const Knob& k : knobs()) {
        const QString stem = QString::fromLatin1(k.gui.name ? k.gui.name : "");
        switch (k.gui.control) {
        case KnobControl::LogSlider:
        case KnobControl::Slider: {
            auto* edit = panel->findChild<QLineEdit*>(stem + QStringLiteral("Edit"));
            out.push_back({ &k, edit, edit });
            break;
        }
        case KnobControl::SpinBox:
        case KnobControl::Field: {
            auto* spin = panel->findChild<QAbstractSpinBox*>(stem + QStringLiteral("Spin"));
            out.push_back({ &k, spin, spin ? spin->findChild<QLineEdit*>() : nullptr });
            break;
        }
        case KnobControl::Bytes: {
            auto* edit = panel->findChild<QLineEdit*>(stem + QStringLiteral("Edit"));
            out.push_back({ &k, edit, edit });
            break;
        }
        default:
            break;
        }
    }
    return out;
}

void TestGuiInput::typeInto(const TypedField& f, const QString& text)
{
    f.edit->setFocus();
    f.edit->selectAll();
    QTest::keyClick(f.edit, Qt::Key_Backspace);
    QTest::keyClicks(f.edit, text);
    QTest::keyClick(f.edit, Qt::Key_Return);
}

QString TestGuiInput::goodEntry(const TypedField& f)
{
    const QString shown = f.edit->text();
    switch (f.knob->value) {
    case KnobValue::Tokens:
        return shown.startsWith(QStringLiteral("64k")) || shown.startsWith(QStringLiteral("65"))
            ? QStringLiteral("32k")
            : QStringLiteral("64k");
    case KnobValue::Fraction:
        return shown.startsWith(QStringLiteral("30")) ? QStringLiteral("40%") : QStringLiteral("30%");
    case KnobValue::Bytes:
        return shown.startsWith(QStringLiteral("2 T")) ? QStringLiteral("3TB") : QStringLiteral("2TB");
    case KnobValue::Count: {
        // Half the value shown (TP 8 → 4 still divides the KV heads and fits the server).
        const double v
            = qobject_cast<QAbstractSpinBox*>(f.field) ? f.field->property("value").toDouble() : shown.toDouble();
        return QString::number(v >= 2 ? std::floor(v / 2) : v + 1);
    }
    default: {
        // One more than the value shown ("derived", −1, becomes 0), inside the knob's range.
        const double v = f.field->property("value").toDouble();
        return QString::number(v + 1 <= f.knob->max ? v + 1 : v - 1);
    }
    }
}

void TestGuiInput::everyTypedFieldRefusesWordsAndNegativesTheSameWay()
{
    const auto fields = typedFields();
    QCOMPARE(fields.size(),
        std::size_t(
            23)); // every knob the panel reads from typed text, prefill MFU, host link, deployment and DCP included
    for (const TypedField& f : fields) {
        QVERIFY2(f.field && f.edit, f.knob->key);
        for (const QString& bad : { QStringLiteral("five minutes"), QStringLiteral("-5") }) {
            const std::string before = m_window->controller()->spec().overrides.dump();
            const QString shownBefore = f.edit->text();
            typeInto(f, bad);
            const QString message = status();
            QVERIFY2(message.contains(QStringLiteral("“") + bad + QStringLiteral("”"))
                    || message.contains(QStringLiteral("\"") + bad + QStringLiteral("\"")),
                qPrintable(QStringLiteral("%1 typed “%2”: status “%3”").arg(f.knob->key, bad, message)));
            QVERIFY2(inputMarked(f.field), f.knob->key);
            QVERIFY2(f.field->toolTip().startsWith(message), qPrintable(f.field->toolTip()));
            QCOMPARE(f.edit->text(), shownBefore); // the value in effect again
            QCOMPARE(m_window->controller()->spec().overrides.dump(), before);
        }
        // A good entry clears both.
        const QString good = goodEntry(f);
        typeInto(f, good);
        QVERIFY2(!inputMarked(f.field), qPrintable(QStringLiteral("%1 after “%2”").arg(f.knob->key, good)));
        QVERIFY2(!status().contains(QStringLiteral("five")) && !status().contains(QStringLiteral("-5")),
            qPrintable(QStringLiteral("%1 after “%2”: %3").arg(f.knob->key, good, status())));
        QVERIFY2(m_window->controller()->spec().overrides.contains(f.knob->key), f.knob->key);
    }
}

void TestGuiInput::aGoodEntryClearsTheMarkAndTheStaleMessage()
{
    // The walk's case: "lots" in DRAM per server, then a valid "2TB": the old error must go.
    const auto fields = typedFields();
    const auto dram = std::find_if(
        fields.begin(), fields.end(), [](const TypedField& f) { return f.knob->id == KnobId::HostDram; });
    QVERIFY(dram != fields.end());
    typeInto(*dram, QStringLiteral("lots"));
    QVERIFY2(status().contains(QStringLiteral("not a size")), qPrintable(status()));
    QVERIFY(inputMarked(dram->field));
    QVERIFY(dram->edit->text() != QStringLiteral("lots")); // the value in effect, not the bad text
    typeInto(*dram, QStringLiteral("2TB"));
    QVERIFY(!inputMarked(dram->field));
    QVERIFY2(status().isEmpty(), qPrintable(status()));
    QTRY_VERIFY(m_window->controller()->hasResult());
    QCOMPARE(m_window->controller()->spec().overrides.at(dram->knob->key).get<double>(), 2e12);
}

void TestGuiInput::reuseDistanceNamesItselfInTheMessage()
{
    // Refused silently before: a spin box took no letters at all.
    const auto fields = typedFields();
    const auto distance = std::find_if(
        fields.begin(), fields.end(), [](const TypedField& f) { return f.knob->id == KnobId::ReuseDistance; });
    QVERIFY(distance != fields.end());
    typeInto(*distance, QStringLiteral("five minutes"));
    QCOMPARE(status(), QStringLiteral("reuse distance: \"five minutes\" is not a number"));
    typeInto(*distance, QStringLiteral("-5"));
    QCOMPARE(status(), QStringLiteral("reuse distance: \"-5\" is not between 0 and 1,000,000,000"));
    typeInto(*distance, QStringLiteral("300"));
    QVERIFY(status().isEmpty());
    QCOMPARE(m_window->controller()->spec().overrides.at("reuse_distance_s").get<double>(), 300.0);
}

void TestGuiInput::hostLinkReadsAndShowsARate()
{
    // The host link's field is a rate: "55GB/s" is taken as 5.5e10 bytes per second, shown
    // back with its "/s", and one below the knob's floor is refused in bytes per second.
    auto* edit = m_window->findChild<QLineEdit*>(QStringLiteral("hostLinkEdit"));
    QVERIFY(edit);
    QVERIFY2(edit->text().endsWith(QStringLiteral("B/s")), qPrintable(edit->text()));
    const TypedField f { &knob(KnobId::HostLinkBandwidth), edit, edit };
    typeInto(f, QStringLiteral("55GB/s"));
    QCOMPARE(m_window->controller()->spec().overrides.at("host_link_bytes_per_s").get<double>(), 55e9);
    QVERIFY2(edit->text().endsWith(QStringLiteral("B/s")), qPrintable(edit->text()));
    typeInto(f, QStringLiteral("1kB/s"));
    QVERIFY2(status().contains(QStringLiteral("1 MB/s")), qPrintable(status()));
    QCOMPARE(m_window->controller()->spec().overrides.at("host_link_bytes_per_s").get<double>(), 55e9);
}

QTEST_MAIN(TestGuiInput)
#include "tst_gui_input.moc"
