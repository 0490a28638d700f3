#include "ui/dialogs/VllmCheckText.h"

#include "ui/text/UnitsText.h"

namespace kvtiers::ui {

// Every source string here is the core's English sentence (core/VllmCheck.cpp,
// vllmNoteText and vllmSentenceText) with its figures as %N, formatted by the core's
// formatters as the CLI formats them; tst_gui_import checks that English matches.

namespace {
QString sizeArgumentText(double bytes)
{
    return qs(vllmSizeArgument(bytes)); // an option value: always GiB, whatever the display units
}
} // namespace

QString VllmCheckText::noteText(const VllmNote& n)
{
    switch (n.kind) {
    case VllmNote::Kind::BlockSizeRaised:
        return tr("state layers: the attention block size is raised to %1 tokens so one attention page holds one "
                  "state (vLLM does this for hybrids; its exact alignment differs between versions)")
            .arg(QString::number(n.blockSize));
    case VllmNote::Kind::PagePadded: {
        const QString page = countText(n.pageBytes);
        const QString largest = countText(n.largestPageBytes);
        if (n.layerKind == "full")
            return tr("a full page (%1 B) does not divide the largest page (%2 B): vLLM refuses such a model; "
                      "kvtiers pads it")
                .arg(page, largest);
        if (n.layerKind == "sliding")
            return tr("a sliding page (%1 B) does not divide the largest page (%2 B): vLLM refuses such a model; "
                      "kvtiers pads it")
                .arg(page, largest);
        if (n.layerKind == "mla")
            return tr("a mla page (%1 B) does not divide the largest page (%2 B): vLLM refuses such a model; "
                      "kvtiers pads it")
                .arg(page, largest);
        break; // no other kind is padded this way: the core's English below
    }
    case VllmNote::Kind::PaddingLayers:
        return tr("%1 padding layer slot(s) to make the groups equal").arg(QString::number(n.paddingLayers));
    }
    return qs(vllmNoteText(n));
}

QString VllmCheckText::sentenceText(const VllmSentence& s)
{
    using Kind = VllmSentence::Kind;
    const QString implied = bytesText(s.impliedBytes);
    const QString assumed = bytesText(s.assumedBytes);
    const QString gap = bytesText(s.gapBytes);
    const QString tokens = countText(s.vllmTokens);
    const QString share = significantText(s.percent, 3);
    switch (s.kind) {
    case Kind::ContextFromLog:
        return tr("vLLM's concurrency is for %1 tokens per request (its max_model_len), not the %2 given; kvtiers "
                  "compares at %1.")
            .arg(countText(s.logContext), countText(s.givenContext));
    case Kind::MatchesWithinRounding:
        return tr("vLLM's figure matches kvtiers' block math to within %1%, the rounding of the memory figure the log "
                  "prints.")
            .arg(significantText(s.percent, 2));
    case Kind::MatchesExactly:
        return tr("vLLM's figure matches kvtiers' block math exactly (same blocks of %1 tokens).")
            .arg(countText(s.blockSize));
    case Kind::ConcurrencyDiffers:
        return tr("The concurrency differs (%1x vs %2x): for sliding-window layers vLLM budgets a chunked-prefill "
                  "worst case (window − 1 + max_num_batched_tokens tokens, plus a block).")
            .arg(significantText(s.vllmConcurrency, 4), significantText(s.kvtiersConcurrency, 4));
    case Kind::TokensNeedMore:
        return tr("vLLM's %1 tokens need about %2 of KV memory per GPU; kvtiers assumed %3, %4 more.")
            .arg(tokens, implied, assumed, gap);
    case Kind::TokensNeedLess:
        return tr("vLLM's %1 tokens need about %2 of KV memory per GPU; kvtiers assumed %3, %4 less.")
            .arg(tokens, implied, assumed, gap);
    case Kind::ConcurrencyNeedsMore:
        return tr("vLLM's concurrency need about %1 of KV memory per GPU; kvtiers assumed %2, %3 more.")
            .arg(implied, assumed, gap);
    case Kind::ConcurrencyNeedsLess:
        return tr("vLLM's concurrency need about %1 of KV memory per GPU; kvtiers assumed %2, %3 less.")
            .arg(implied, assumed, gap);
    case Kind::TokensNeedMoreShare:
        return tr("vLLM's %1 tokens need about %2 of KV memory per GPU; kvtiers assumed %3, %4 (%5%) more.")
            .arg(tokens, implied, assumed, gap, share);
    case Kind::TokensNeedLessShare:
        return tr("vLLM's %1 tokens need about %2 of KV memory per GPU; kvtiers assumed %3, %4 (%5%) less.")
            .arg(tokens, implied, assumed, gap, share);
    case Kind::ConcurrencyNeedsMoreShare:
        return tr("vLLM's concurrency need about %1 of KV memory per GPU; kvtiers assumed %2, %3 (%4%) more.")
            .arg(implied, assumed, gap, share);
    case Kind::ConcurrencyNeedsLessShare:
        return tr("vLLM's concurrency need about %1 of KV memory per GPU; kvtiers assumed %2, %3 (%4%) less.")
            .arg(implied, assumed, gap, share);
    case Kind::LogReportsAvailable:
        return tr("vLLM itself reports %1 available for KV cache (line %2): give --kv-memory %3 to check the block "
                  "math alone.")
            .arg(bytesText(s.availableBytes), QString::number(s.line), sizeArgumentText(s.availableBytes));
    case Kind::LogGapIsReserve:
        return tr("The gap is memory vLLM kept out of the KV cache beyond the weights: the activation peak of its "
                  "profiling run, CUDA graphs and non-torch allocations; --reserve %1 reproduces it.")
            .arg(sizeArgumentText(s.reserveBytes));
    case Kind::GapIsKeptMemory:
        return tr("With gpu_memory_utilization %1 of %2 HBM and %3 of weights per GPU, that gap is memory vLLM kept "
                  "out of the KV cache: the activation peak of its profiling run, CUDA graphs and non-torch "
                  "allocations (NCCL buffers, the CUDA context).")
            .arg(significantText(s.utilization, 3), bytesText(s.hbmBytes), bytesText(s.weightsBytes));
    case Kind::ReserveReproduces:
        return tr("--reserve %1 (or --kv-memory %2) reproduces vLLM's figure.")
            .arg(sizeArgumentText(s.reserveBytes), sizeArgumentText(s.impliedBytes));
    case Kind::ReserveOrUtilizationReproduces:
        return tr("--reserve %1 (or --kv-memory %2) reproduces vLLM's figure; so would a gpu_memory_utilization of %3 "
                  "with the reserve given.")
            .arg(sizeArgumentText(s.reserveBytes), sizeArgumentText(s.impliedBytes), significantText(s.utilization, 3));
    case Kind::MemoryNotGiven:
        return tr("That is memory vLLM did not give to the KV cache: activations (its profiling peak), CUDA graphs, "
                  "non-torch allocations, or a lower gpu_memory_utilization.");
    case Kind::KvMemoryReproduces:
        return tr("--kv-memory %1 reproduces vLLM's figure.").arg(sizeArgumentText(s.impliedBytes));
    case Kind::VllmHadMore:
        return tr("vLLM had more memory for KV than assumed: a higher gpu_memory_utilization, smaller weights than the "
                  "card's (a quantized checkpoint?), a smaller reserve, or a larger tensor-parallel degree than --tp "
                  "%1.")
            .arg(QString::number(s.tp));
    case Kind::VllmHadMoreUtilization:
        return tr("vLLM had more memory for KV than assumed: a higher gpu_memory_utilization (%1 would do it), smaller "
                  "weights than the card's (a quantized checkpoint?), a smaller reserve, or a larger tensor-parallel "
                  "degree than --tp %2.")
            .arg(significantText(s.utilization, 3), QString::number(s.tp));
    case Kind::HybridPadding:
        return tr("This model is a hybrid for vLLM's allocator; kvtiers follows its grouping, but versions differ in "
                  "how they pad pages, so a few percent can come from there.");
    case Kind::NoFigure:
        return tr("The log has no figure kvtiers can compare.");
    }
    return qs(vllmSentenceText(s));
}

QString VllmCheckText::explanationText(const std::vector<VllmSentence>& sentences)
{
    QStringList out;
    for (const VllmSentence& s : sentences)
        out << sentenceText(s);
    return out.join(u' ');
}

} // namespace kvtiers::ui
