#pragma once
// The Fleet tab's tests start from one fleet: the CLI's example mix (chat 70%, mooncake 30%)
// at 100 requests/s on H200 servers, in a view shown at a laptop's size and sized.

#include "core/catalog/CardCatalog.h"
#include "ui/fleet/FleetDocument.h"
#include "ui/fleet/FleetView.h"

#include <QtTest>

#include <memory>

namespace kvtiers::ui::test {

/// Makes `document` and its shown `view` on the example fleet; QVERIFY fails the calling
/// test when the view does not show or the fleet cannot be sized.
inline void openExampleFleet(std::unique_ptr<FleetDocument>& document, std::unique_ptr<FleetView>& view)
{
    document = std::make_unique<FleetDocument>(CardCatalog::builtin());
    view = std::make_unique<FleetView>(document.get());
    view->resize(1200, 820);
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view.get()));
    view->setMix({ { "chat", 0.7 }, { "mooncake", 0.3 } });
    view->setRate(100, FleetView::RateUnit::RequestsPerSecond);
    view->setHardware("h200-sxm");
    view->flush();
    QVERIFY2(view->result(), qPrintable(view->errorMessage()));
}

} // namespace kvtiers::ui::test
