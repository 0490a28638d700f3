#include "SensitivityView.h"

#include "CurveChart.h"
#include "DecimalByteTicker.h"
#include "InputError.h"
#include "Tier.h"
#include "TornadoChart.h"
#include "UnitsText.h"
#include "VariableText.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace kvtiers::ui {

SensitivityView::SensitivityView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("sensitivityView"));
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &SensitivityView::updateNow);

    auto* layout = new QVBoxLayout(this);
    auto* controls = new QHBoxLayout;
    auto* tierLabel = new QLabel(tr("&Tier:"), this);
    m_tierCombo = new QComboBox(this);
    m_tierCombo->setObjectName(QStringLiteral("sensitivityTier"));
    m_tierCombo->addItem(tierName(Tier::Hbm));
    m_tierCombo->addItem(tierName(Tier::Dram));
    m_tierCombo->addItem(tr("NVMe"));
    tierLabel->setBuddy(m_tierCombo);
    auto* rangeLabel = new QLabel(tr("&Range: ±"), this);
    m_rangeSpin = new QSpinBox(this);
    m_rangeSpin->setObjectName(QStringLiteral("sensitivityRange"));
    m_rangeSpin->setRange(1, 100);
    m_rangeSpin->setValue(50);
    m_rangeSpin->setSuffix(tr("%"));
    m_rangeSpin->setToolTip(tr("Each variable is moved down and up by this share of its value, the others held "
                               "(shares stay within 0–100%; the KV format moves one step along 4, 8, 16, 32 bits)."));
    rangeLabel->setBuddy(m_rangeSpin);
    auto* variableLabel = new QLabel(tr("&Curve of:"), this);
    m_variableCombo = new QComboBox(this);
    m_variableCombo->setObjectName(QStringLiteral("curveVariable"));
    for (Variable v : allVariables())
        m_variableCombo->addItem(variableName(v), static_cast<int>(v));
    m_variableCombo->setCurrentIndex(m_variableCombo->findData(static_cast<int>(Variable::ReuseRate)));
    variableLabel->setBuddy(m_variableCombo);
    m_binaryButton = new QRadioButton(tr("GiB"), this);
    m_binaryButton->setObjectName(QStringLiteral("sensitivityBinaryUnits"));
    m_decimalButton = new QRadioButton(tr("GB"), this);
    m_decimalButton->setObjectName(QStringLiteral("sensitivityDecimalUnits"));
    m_decimalButton->setToolTip(tr("Decimal bytes, as memory is sold."));
    m_binaryButton->setChecked(true);
    auto* unitsGroup = new QButtonGroup(this);
    unitsGroup->addButton(m_binaryButton);
    unitsGroup->addButton(m_decimalButton);
    controls->addWidget(tierLabel);
    controls->addWidget(m_tierCombo);
    controls->addSpacing(12);
    controls->addWidget(rangeLabel);
    controls->addWidget(m_rangeSpin);
    controls->addSpacing(12);
    controls->addWidget(variableLabel);
    controls->addWidget(m_variableCombo);
    controls->addSpacing(12);
    controls->addWidget(m_binaryButton);
    controls->addWidget(m_decimalButton);
    controls->addStretch(1);
    layout->addLayout(controls);

    m_baseLabel = new QLabel(this);
    m_baseLabel->setObjectName(QStringLiteral("sensitivityBase"));
    m_baseLabel->setWordWrap(true);
    layout->addWidget(m_baseLabel);
    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("sensitivityError"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #c00000; font-weight: bold;"));
    m_errorLabel->setVisible(false);
    layout->addWidget(m_errorLabel);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setChildrenCollapsible(false);
    m_tornado = new TornadoChart(splitter);
    m_tornado->setObjectName(QStringLiteral("tornadoChart"));
    m_curveChart = new CurveChart(splitter);
    m_curveChart->setObjectName(QStringLiteral("curveChart"));
    splitter->addWidget(m_tornado);
    splitter->addWidget(m_curveChart);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);

    connect(m_tierCombo, &QComboBox::currentIndexChanged, this, &SensitivityView::redrawTornado);
    connect(m_rangeSpin, &QSpinBox::valueChanged, this, &SensitivityView::schedule);
    connect(m_variableCombo, &QComboBox::currentIndexChanged, this, &SensitivityView::schedule);
    connect(m_decimalButton, &QRadioButton::toggled, this,
        [this](bool decimal) { setUnits(decimal ? ByteUnits::Decimal : ByteUnits::Binary); });
}

void SensitivityView::setScenario(const Scenario& scenario)
{
    m_scenario = scenario;
    schedule();
}

void SensitivityView::setTier(int tier)
{
    m_tierCombo->setCurrentIndex(std::clamp(tier, 0, 2));
}

void SensitivityView::setRange(double relativeRange)
{
    m_rangeSpin->setValue(static_cast<int>(std::lround(relativeRange * 100)));
}

void SensitivityView::setCurveVariable(Variable variable)
{
    m_variableCombo->setCurrentIndex(m_variableCombo->findData(static_cast<int>(variable)));
}

void SensitivityView::setUnits(ByteUnits units)
{
    if (units == m_units)
        return;
    m_units = units;
    (units == ByteUnits::Decimal ? m_decimalButton : m_binaryButton)->setChecked(true);
    schedule();
}

std::vector<double> SensitivityView::curveValues(const Scenario& scenario, Variable variable)
{
    const double now = variableValue(scenario, variable);
    std::vector<double> values;
    auto geometric = [&](double from, double to, int n) {
        for (int i = 0; i < n; ++i)
            values.push_back(std::round(from * std::pow(to / from, i / double(n - 1))));
    };
    switch (variable) {
    case Variable::Context:
        // 1K tokens up to 4× the current context (at least 1M), log-spaced.
        geometric(1024, std::max(1048576.0, now * 4), 40);
        break;
    case Variable::Concurrency:
        geometric(1, std::max(64.0, now * 4), 40);
        break;
    case Variable::KvBits:
        // The KV format ladder the article discusses: 4-bit, FP8, BF16, FP32, and between.
        values = { 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32 };
        break;
    case Variable::ReuseRate:
    case Variable::OffloadRate:
        for (int i = 0; i <= 20; ++i)
            values.push_back(i * 0.05);
        break;
    case Variable::DramPerServer:
    case Variable::NvmePerServer: {
        const double top = now > 0 ? now * 2 : 8 * TiB;
        for (int i = 0; i <= 32; ++i)
            values.push_back(top * i / 32.0);
        break;
    }
    }
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

void SensitivityView::flush()
{
    if (m_timer.isActive()) {
        m_timer.stop();
        updateNow();
    }
}

void SensitivityView::schedule()
{
    m_timer.start();
}

void SensitivityView::updateNow()
{
    if (!m_scenario)
        return;
    const auto variable = static_cast<Variable>(m_variableCombo->currentData().toInt());
    try {
        m_result = sensitivity(*m_scenario, m_rangeSpin->value() / 100.0);
        m_curve = scenarioCurve(*m_scenario, variable, curveValues(*m_scenario, variable));
        m_errorLabel->setVisible(false);
    } catch (const std::exception& e) {
        // evaluate() accepts any validated scenario; this is a guard, not a path.
        m_result.reset();
        m_curve.clear();
        m_errorLabel->setText(qs(e.what()));
        m_errorLabel->setVisible(true);
        emit updated();
        return;
    }
    const TierDemand& b = m_result->base;
    m_baseLabel->setText(tr("%1 on %2, per server (%3 GPUs): HBM %4, DRAM %5, NVMe %6.")
                             .arg(qs(m_scenario->model.id), qs(m_scenario->hardware.id))
                             .arg(m_scenario->hardware.gpusPerServer)
                             .arg(bytesText(b.hbm, m_units), bytesText(b.dram, m_units), bytesText(b.ssd, m_units)));
    redrawTornado();
    m_curveChart->setCurve(variable, m_curve, variableValue(*m_scenario, variable), m_units);
    emit updated();
}

void SensitivityView::redrawTornado()
{
    if (m_result)
        m_tornado->setResult(*m_result, m_tierCombo->currentIndex(), m_units);
}

} // namespace kvtiers::ui
