// The controls panel is the knob table's: every knob with a GUI hint has its control, with
// the entry's names, label and tooltip, and a typed control takes the knob's whole range.
// A value beyond a control's range (a card's, or one typed) is shown as it is: the field
// reads the value, the slider rests at its end with a mark, the model uses the value, and
// showing it writes nothing back (no override, no undo step).

#include "core/io/Json.h"
#include "core/model/Evaluation.h"
#include "core/scenario/Knobs.h"
#include "tests/support/SourceFiles.h"
#include "tests/support/TestHome.h"
#include "ui/scenario/ControlsPanel.h"
#include "ui/scenario/ScenarioController.h"

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <limits>
#include <memory>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

QString knobText(const char* text)
{
    return QCoreApplication::translate("Knob", text);
}

QString nameOf(const Knob& k, const char* kind)
{
    return QString::fromLatin1(k.gui.name) + QLatin1String(kind);
}

/// The widget a knob's control is found by: its slider, spin box, edit, combo or check box.
QString mainWidgetName(const Knob& k)
{
    switch (k.gui.control) {
    case KnobControl::LogSlider:
    case KnobControl::Slider:
        return nameOf(k, "Slider");
    case KnobControl::SpinBox:
    case KnobControl::Field:
        return nameOf(k, "Spin");
    case KnobControl::Bytes:
        return nameOf(k, "Edit");
    case KnobControl::Combo:
        return nameOf(k, "Combo");
    case KnobControl::Toggle:
        return nameOf(k, "Check");
    case KnobControl::None:
        break;
    }
    return {};
}

} // namespace

class TestGuiControls : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void everyGuiKnobHasItsControl();
    void cardValuesBeyondTheControlsShowAsTheyAre();
    void valueBeforeTheSliderPinsItsStart();
    void wholeNumberBeyondAnIntShowsAsItIs();
    void typedValueBeyondTheSliderIsKept();
    void movingThePinnedSliderTakesItsValue();
    void precisionAndAdmissionControlsMoveTheResult();

private:
    template <typename T> T* find(const QString& name)
    {
        auto* w = m_panel->findChild<T*>(name);
        if (!w)
            qFatal("no widget named %s", qPrintable(name));
        return w;
    }
    /// Applies a spec whose workload is the article's card with `changes`, written to a
    /// card file (no undo step, as a preset or a session opens), and waits for its result.
    void loadCard(const Json& changes);

    std::unique_ptr<ScenarioController> m_controller;
    std::unique_ptr<ControlsPanel> m_panel;
    QTemporaryDir m_dir;
};

void TestGuiControls::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TestGuiControls::init()
{
    kvtiers::test::clearTestHome();
    m_controller = std::make_unique<ScenarioController>();
    m_panel = std::make_unique<ControlsPanel>(m_controller.get());
    m_panel->setAdvancedExpanded(true);
    m_panel->resize(520, 1100);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    m_controller->flush();
    QTRY_VERIFY(m_controller->hasResult());
}

void TestGuiControls::cleanup()
{
    m_panel.reset();
    m_controller.reset();
}

void TestGuiControls::loadCard(const Json& changes)
{
    QFile source(kvtiers::test::sourceDir() + QStringLiteral("/models/workloads/article.json"));
    QVERIFY(source.open(QIODevice::ReadOnly));
    Json card = Json::parse(source.readAll().toStdString());
    card["id"] = "beyond-the-controls";
    card["name"] = "Beyond the controls";
    card.update(changes);
    const QString path = m_dir.filePath(QStringLiteral("beyond.json"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
    out.write(QByteArray::fromStdString(card.dump(2)));
    out.close();
    ScenarioSpec spec;
    spec.workload = path.toStdString();
    m_controller->setInput(spec);
    m_controller->flush();
    QVERIFY2(m_controller->errorMessage().isEmpty(), qPrintable(m_controller->errorMessage()));
    QCOMPARE(m_controller->workloadId(), std::string("beyond-the-controls"));
}

void TestGuiControls::everyGuiKnobHasItsControl()
{
    int controls = 0;
    for (const Knob& k : knobs()) {
        if (k.gui.control == KnobControl::None)
            continue;
        ++controls;
        QVERIFY2(k.gui.name && k.gui.label && k.tip, k.key);
        auto* control = find<QWidget>(mainWidgetName(k));
        QCOMPARE(control->toolTip(), knobText(k.tip));
        if (k.gui.control == KnobControl::Toggle) {
            QCOMPARE(qobject_cast<QCheckBox*>(control)->text(), knobText(k.gui.label));
        } else {
            // The form label names the row and its mnemonic moves to the control.
            const auto labels = m_panel->findChildren<QLabel*>();
            const auto label = std::find_if(
                labels.begin(), labels.end(), [&](const QLabel* l) { return l->text() == knobText(k.gui.label); });
            QVERIFY2(label != labels.end(), k.key);
            QVERIFY2((*label)->buddy() == control || (*label)->buddy()->isAncestorOf(control), k.key);
        }
        if (auto* spin = qobject_cast<QSpinBox*>(control)) {
            QCOMPARE(spin->minimum(), static_cast<int>(k.min));
            QCOMPARE(spin->maximum(), static_cast<int>(k.max));
        }
        // A typed control takes the knob's whole range, so no value of a card is clipped.
        if (auto* spin = qobject_cast<QDoubleSpinBox*>(control); spin && k.id != KnobId::KvBits) {
            const double scale = k.value == KnobValue::Fraction ? 100 : 1;
            QVERIFY2(spin->minimum() <= k.min * scale, k.key);
            QCOMPARE(spin->maximum(), k.max * scale);
        }
    }
    QCOMPARE(controls, 32); // every knob with a GUI control, the prefill MFU, host link, deployment and DCP included
}

void TestGuiControls::cardValuesBeyondTheControlsShowAsTheyAre()
{
    // 4M tokens of context (the slider ends at 2M), a reuse distance of 2e7 s and 2e6
    // requests/s (beyond what the spin boxes once took).
    // Llama 4 Scout: a 10M window, so contexts up to 160M (Llama 3.1 70B's stop at 2M).
    loadCard({ { "model", "llama-4-scout" }, { "context", 4194304 }, { "output_tokens", 4096 },
        { "reuse_distance_s", 2e7 }, { "request_rate_per_s", 2e6 }, { "reuse_rate", 0.5 }, { "offload_rate", 0.5 } });
    const QUndoStack* undo = m_controller->undoStack();
    QCOMPARE(undo->count(), 0);

    QCOMPARE(find<QLineEdit>(QStringLiteral("contextEdit"))->text(), QStringLiteral("4M"));
    auto* slider = find<QSlider>(QStringLiteral("contextSlider"));
    QCOMPARE(slider->value(), slider->maximum());
    auto* mark = find<QLabel>(QStringLiteral("contextAboveMark"));
    QVERIFY(mark->isVisible());
    QVERIFY2(mark->toolTip().contains(QStringLiteral("4M")) && mark->toolTip().contains(QStringLiteral("2M")),
        qPrintable(mark->toolTip()));
    QVERIFY(!find<QLabel>(QStringLiteral("contextBelowMark"))->isVisible());
    QVERIFY(!find<QLabel>(QStringLiteral("concurrencyAboveMark"))->isVisible());
    if (qEnvironmentVariableIsSet("KVTIERS_SCREENSHOT_CONTROLS"))
        QVERIFY(m_panel->grab().save(qEnvironmentVariable("KVTIERS_SCREENSHOT_CONTROLS")));

    auto* distance = find<QDoubleSpinBox>(QStringLiteral("reuseDistanceSpin"));
    QCOMPARE(distance->value(), 2e7);
    QVERIFY2(distance->text().startsWith(QStringLiteral("20000000")), qPrintable(distance->text()));
    QCOMPARE(find<QDoubleSpinBox>(QStringLiteral("requestRateSpin"))->value(), 2e6);

    // The model uses the card's values, and showing them wrote nothing back.
    const WorkloadParams& w = m_controller->scenario().workload;
    QCOMPARE(w.context, 4194304.0);
    QCOMPARE(w.reuseDistanceSeconds, 2e7);
    QCOMPARE(w.requestRate.value_or(0), 2e6);
    QVERIFY(m_controller->spec().overrides.empty());
    m_controller->refresh(); // shown again (as after a change of units or language)
    m_controller->flush();
    QCOMPARE(undo->count(), 0);
    QVERIFY(m_controller->spec().overrides.empty());

    // Turning another knob keeps them.
    find<QSpinBox>(QStringLiteral("tpSpin"))->setValue(4);
    m_controller->flush();
    QCOMPARE(undo->count(), 1);
    QCOMPARE(m_controller->spec().overrides.size(), size_t(1));
    QCOMPARE(m_controller->scenario().workload.context, 4194304.0);
    QCOMPARE(m_controller->scenario().workload.reuseDistanceSeconds, 2e7);
    QCOMPARE(distance->value(), 2e7);
    QVERIFY(mark->isVisible());
}

void TestGuiControls::valueBeforeTheSliderPinsItsStart()
{
    loadCard({ { "context", 512 } });
    QCOMPARE(find<QLineEdit>(QStringLiteral("contextEdit"))->text(), QStringLiteral("512"));
    auto* slider = find<QSlider>(QStringLiteral("contextSlider"));
    QCOMPARE(slider->value(), slider->minimum());
    QVERIFY(find<QLabel>(QStringLiteral("contextBelowMark"))->isVisible());
    QVERIFY(!find<QLabel>(QStringLiteral("contextAboveMark"))->isVisible());
    QCOMPARE(m_controller->scenario().workload.context, 512.0);
    QCOMPARE(m_controller->undoStack()->count(), 0);
}

void TestGuiControls::wholeNumberBeyondAnIntShowsAsItIs()
{
    // Contexts stop at 16× the card's window (Llama 4 Scout: 160M tokens), below an int's
    // 2^31: the largest counts a card may give still show whole and exact.
    loadCard({ { "model", "llama-4-scout" }, { "context", 1.6e8 }, { "output_tokens", 1.5e8 } });
    auto* output = find<QDoubleSpinBox>(QStringLiteral("outputTokensSpin"));
    QCOMPARE(output->decimals(), 0);
    QCOMPARE(output->value(), 1.5e8);
    QCOMPARE(m_controller->scenario().workload.outputTokens, 1.5e8);
    QCOMPARE(find<QLineEdit>(QStringLiteral("contextEdit"))->text(), QStringLiteral("160,000,000"));
    QCOMPARE(m_controller->undoStack()->count(), 0);
    output->setValue(1.25e8); // a whole number, as a count is written
    m_controller->flush();
    QVERIFY(m_controller->spec().overrides.at("output_tokens").is_number_integer());
    QCOMPARE(m_controller->scenario().workload.outputTokens, 1.25e8);
}

void TestGuiControls::typedValueBeyondTheSliderIsKept()
{
    loadCard({ { "model", "llama-4-scout" } }); // a window that allows 4M tokens
    auto* edit = find<QLineEdit>(QStringLiteral("contextEdit"));
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("4M"));
    QTest::keyClick(edit, Qt::Key_Return);
    m_controller->flush();
    QCOMPARE(m_controller->spec().overrides.value("context", 0.0), 4194304.0);
    QCOMPARE(m_controller->scenario().workload.context, 4194304.0);
    QCOMPARE(m_controller->undoStack()->count(), 1);
    QCOMPARE(edit->text(), QStringLiteral("4M"));
    auto* slider = find<QSlider>(QStringLiteral("contextSlider"));
    QCOMPARE(slider->value(), slider->maximum());
    QVERIFY(find<QLabel>(QStringLiteral("contextAboveMark"))->isVisible());
}

void TestGuiControls::movingThePinnedSliderTakesItsValue()
{
    loadCard({ { "model", "llama-4-scout" }, { "context", 4194304 } });
    auto* slider = find<QSlider>(QStringLiteral("contextSlider"));
    auto* mark = find<QLabel>(QStringLiteral("contextAboveMark"));
    QVERIFY(mark->isVisible());
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_PageDown);
    m_controller->flush();
    QVERIFY(!mark->isVisible());
    const double context = m_controller->scenario().workload.context;
    QVERIFY2(context < 2097152 && context > 1048576, qPrintable(QString::number(context)));
    QCOMPARE(m_controller->undoStack()->count(), 1);
}

void TestGuiControls::precisionAndAdmissionControlsMoveTheResult()
{
    // The README's scenario: half of each prompt reused within five minutes, every evicted
    // prefix offloaded.
    loadCard({ { "reuse_rate", 0.5 }, { "reuse_distance_s", 300 }, { "offload_rate", 1.0 } });
    const EvalResult before = m_controller->result();
    // Attention at FP8 instead of BF16 (the article's FP16 KV cache keeps it at 16 bits):
    // recomputing the prompt takes less time, and the model is told 8 bits.
    auto* attention = find<QComboBox>(QStringLiteral("attentionBitsCombo"));
    QCOMPARE(attention->currentData().toDouble(), 16.0);
    QCOMPARE(attention->currentText(), QStringLiteral("16-bit"));
    attention->setCurrentIndex(attention->findData(8.0));
    m_controller->flush();
    QCOMPARE(m_controller->spec().overrides.value("attention_bits", 0.0), 8.0);
    QVERIFY2(m_controller->result().recomputeSeconds < before.recomputeSeconds,
        qPrintable(QStringLiteral("%1 s, was %2 s")
                       .arg(m_controller->result().recomputeSeconds)
                       .arg(before.recomputeSeconds)));
    QCOMPARE(find<QComboBox>(QStringLiteral("activationBitsCombo"))->currentData().toDouble(), 16.0);
    // Seen-twice admission: below HBM only reused blocks are stored, so the cache wants less.
    auto* admission = find<QComboBox>(QStringLiteral("cacheAdmissionCombo"));
    QCOMPARE(admission->currentData().toString(), QStringLiteral("all"));
    QVERIFY(!admission->currentText().isEmpty());
    const EvalResult all = m_controller->result();
    admission->setCurrentIndex(admission->findData(QStringLiteral("seen-twice")));
    m_controller->flush();
    QCOMPARE(m_controller->result().cacheAdmission, CacheAdmission::SeenTwice);
    QVERIFY2(m_controller->result().cacheDemandBytes < all.cacheDemandBytes,
        qPrintable(
            QStringLiteral("%1 B, was %2 B").arg(m_controller->result().cacheDemandBytes).arg(all.cacheDemandBytes)));
    // Reuses per reused block: shown as in effect (unset: max(1, r / (1 − r)) = 1 at 50%),
    // typed 4 reaches the model.
    auto* reuses = find<QDoubleSpinBox>(QStringLiteral("reusesPerBlockSpin"));
    QCOMPARE(reuses->value(), 1.0);
    reuses->setValue(4);
    m_controller->flush();
    QCOMPARE(m_controller->spec().overrides.value("reuses_per_block", 0.0), 4.0);
    QCOMPARE(m_controller->scenario().workload.reusesPerBlock.value_or(0), 4.0);
}

QTEST_MAIN(TestGuiControls)
#include "tst_gui_controls.moc"
