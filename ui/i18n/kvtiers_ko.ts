<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko_KR">
<context>
    <name>CardPicker</name>
    <message>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <source>No card matches “%1”: still using %2.</source>
        <translation>“%1”과(와) 일치하는 카드가 없습니다. %2을(를) 계속 사용합니다.</translation>
    </message>
    <message numerus="yes">
        <source>“%1” matches %n cards: pick one from the list. Still using %2.</source>
        <translation>
            <numerusform>“%1”과(와) 일치하는 카드가 %n개입니다. 목록에서 하나를 고르십시오. %2을(를) 계속 사용합니다.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Cards</name>
    <message>
        <source>Agentic coding: Codex/GPT-5.4 SWE-bench Pro sessions, 33 turns, ~49K mean context, 94% cache hits</source>
        <translation>에이전트 코딩: Codex/GPT-5.4 SWE-bench Pro 세션, 33턴, 평균 컨텍스트 약 49K, 캐시 적중 94%</translation>
    </message>
    <message>
        <source>The article: Llama 3.1 70B, 128K context × 10</source>
        <translation>기사 사례: Llama 3.1 70B, 128K 컨텍스트 × 10</translation>
    </message>
    <message>
        <source>Multi-turn chat: Llama 3.1 8B on one H100, 4K context, 64 concurrent</source>
        <translation>멀티턴 채팅: H100 한 대의 Llama 3.1 8B, 4K 컨텍스트, 동시 64개</translation>
    </message>
    <message>
        <source>Code completion in the editor: a 7B coder model on one H100, 4K fill-in-the-middle prompt, 128 tokens out</source>
        <translation>에디터 코드 완성: H100 한 대의 7B 코더 모델, 4K 중간 채우기(FIM) 프롬프트, 출력 128토큰</translation>
    </message>
    <message>
        <source>FlexGen: OPT-175B on one T4, prompt 512 + 32 generated, effective batch 256</source>
        <translation>FlexGen: T4 한 대의 OPT-175B, 프롬프트 512 + 생성 32, 유효 배치 256</translation>
    </message>
    <message>
        <source>Mooncake (Kimi) real trace: 7,955 in / 194 out, ~50% prefix cache, 8 × A800</source>
        <translation>Mooncake(Kimi) 실제 트레이스: 입력 7,955 / 출력 194, 프리픽스 캐시 약 50%, A800 8개</translation>
    </message>
    <message>
        <source>RAG with long retrieved context: Llama 3.1 70B, 32K prompt of retrieved passages, 8 × H200</source>
        <translation>긴 검색 컨텍스트의 RAG: Llama 3.1 70B, 검색한 문단으로 된 32K 프롬프트, H200 8개</translation>
    </message>
    <message>
        <source>Reasoning: DeepSeek-R1 on 8 × H200, 2K prompt, 8K tokens of thinking and answer</source>
        <translation>추론: H200 8개의 DeepSeek-R1, 2K 프롬프트, 사고와 답변 8K토큰</translation>
    </message>
    <message>
        <source>LMCache: 256-token chunks gathered across all layers into pinned buffers</source>
        <translation>LMCache: 모든 레이어의 256토큰 청크를 고정 버퍼에 모아 복사</translation>
    </message>
    <message>
        <source>Mooncake transfer engine: RDMA from the pooled DRAM/SSD store, NIC-bound</source>
        <translation>Mooncake 전송 엔진: 풀링된 DRAM/SSD 저장소에서 RDMA, NIC 대역폭 한계</translation>
    </message>
    <message>
        <source>One copy per block per layer (vLLM before 0.12, swap_blocks)</source>
        <translation>블록·레이어마다 한 번 복사 (vLLM 0.12 이전, swap_blocks)</translation>
    </message>
    <message>
        <source>TensorRT-LLM host offload: 32-token blocks packing every layer of a pool</source>
        <translation>TensorRT-LLM 호스트 오프로드: 풀의 모든 레이어를 담은 32토큰 블록</translation>
    </message>
    <message>
        <source>vLLM OffloadingConnector (0.12+): one DMA per block across all layers</source>
        <translation>vLLM OffloadingConnector (0.12+): 블록마다 모든 레이어를 한 번의 DMA로</translation>
    </message>
</context>
<context>
    <name>Document</name>
    <message>
        <source>Internal error: %1</source>
        <translation>내부 오류: %1</translation>
    </message>
</context>
<context>
    <name>HfImport</name>
    <message>
        <source>%1 is not given: without it every attention head has its own KV head (multi-head attention), as Transformers assumes. Give it if the model groups its heads.</source>
        <translation>%1이(가) 없습니다: 없으면 Transformers처럼 어텐션 헤드마다 KV 헤드를 하나씩 둡니다(멀티헤드 어텐션). 모델이 헤드를 묶는다면 값을 입력하세요.</translation>
    </message>
    <message>
        <source>%1 is not given: assuming %2 KV heads (= num_attention_heads, multi-head attention), as Transformers does. Most recent models group their heads (grouped-query attention) and cache far less: give the model&apos;s value if it has one.</source>
        <translation>%1이(가) 없습니다: Transformers처럼 KV 헤드를 %2개(= num_attention_heads, 멀티헤드 어텐션)로 가정합니다. 최근 모델은 대부분 헤드를 묶어(그룹 쿼리 어텐션) 훨씬 적게 캐시하므로, 값이 있다면 입력하세요.</translation>
    </message>
    <message>
        <source>The model&apos;s fields were read under &quot;%1&quot;.</source>
        <translation>모델 필드를 &quot;%1&quot; 아래에서 읽었습니다.</translation>
    </message>
    <message>
        <source>Offered: %1 = %2, as the file gives it under &quot;%3&quot;. Check it, then import again.</source>
        <translation>제안: 파일이 &quot;%3&quot; 아래에 준 값에 따라 %1 = %2. 확인한 뒤 다시 가져오십시오.</translation>
    </message>
    <message>
        <source>The file says MLA (multi-head latent attention): each layer caches one latent of kv_lora_rank plus qk_rope_head_dim elements, not KV heads, so both are needed.</source>
        <translation>파일에 MLA(multi-head latent attention)라고 되어 있습니다. 각 레이어는 KV 헤드가 아니라 kv_lora_rank + qk_rope_head_dim 원소의 잠재 벡터 하나를 캐시하므로 두 값이 모두 필요합니다.</translation>
    </message>
</context>
<context>
    <name>Knob</name>
    <message>
        <source>context per sequence</source>
        <translation>시퀀스당 문맥 길이</translation>
    </message>
    <message>
        <source>concurrent sequences per replica</source>
        <translation>레플리카당 동시 처리 요청 수</translation>
    </message>
    <message>
        <source>output tokens</source>
        <translation>출력 토큰 수</translation>
    </message>
    <message>
        <source>KV cache format</source>
        <translation>KV 캐시 형식</translation>
    </message>
    <message>
        <source>KV scale bits</source>
        <translation>KV 스케일 비트 수</translation>
    </message>
    <message>
        <source>weight bits</source>
        <translation>가중치 비트 수</translation>
    </message>
    <message>
        <source>attention precision</source>
        <translation>어텐션 정밀도</translation>
    </message>
    <message>
        <source>activation precision</source>
        <translation>활성화 정밀도</translation>
    </message>
    <message>
        <source>reuse rate</source>
        <translation>재사용률</translation>
    </message>
    <message>
        <source>prefix sharing</source>
        <translation>프리픽스 공유</translation>
    </message>
    <message>
        <source>reuse distance</source>
        <translation>재사용 간격</translation>
    </message>
    <message>
        <source>request rate (λ)</source>
        <translation>요청률(λ)</translation>
    </message>
    <message>
        <source>offload rate</source>
        <translation>오프로딩률</translation>
    </message>
    <message>
        <source>reuse gap distribution</source>
        <translation>재사용 간격 분포</translation>
    </message>
    <message>
        <source>restore path</source>
        <translation>복원 경로</translation>
    </message>
    <message>
        <source>tensor parallel (TP)</source>
        <translation>텐서 병렬(TP)</translation>
    </message>
    <message>
        <source>KV block size</source>
        <translation>KV 블록 크기</translation>
    </message>
    <message>
        <source>allocation</source>
        <translation>메모리 할당</translation>
    </message>
    <message>
        <source>GPU memory utilisation</source>
        <translation>GPU 메모리 사용률</translation>
    </message>
    <message>
        <source>runtime reserve</source>
        <translation>런타임 예약분</translation>
    </message>
    <message>
        <source>streaming (FlexGen)</source>
        <translation>스트리밍 (FlexGen)</translation>
    </message>
    <message>
        <source>weights placement</source>
        <translation>가중치 배치</translation>
    </message>
    <message>
        <source>KV placement</source>
        <translation>KV 배치</translation>
    </message>
    <message>
        <source>inclusive tiers</source>
        <translation>포함형 계층</translation>
    </message>
    <message>
        <source>GPUs per server</source>
        <translation>서버당 GPU 수</translation>
    </message>
    <message>
        <source>DRAM per server</source>
        <translation>서버당 D램</translation>
    </message>
    <message>
        <source>NVMe per server</source>
        <translation>서버당 NVMe</translation>
    </message>
    <message>
        <source>servers</source>
        <translation>서버 수</translation>
    </message>
    <message>
        <source>total traffic</source>
        <translation>전체 트래픽</translation>
    </message>
    <message>
        <source>Average input context</source>
        <translation>평균 입력 문맥</translation>
    </message>
    <message>
        <source>Active sequences per replica</source>
        <translation>레플리카당 활성 시퀀스</translation>
    </message>
    <message>
        <source>KV bytes per token (format)</source>
        <translation>토큰당 KV 바이트(형식)</translation>
    </message>
    <message>
        <source>Prefix-cache hit rate</source>
        <translation>프리픽스 캐시 적중률</translation>
    </message>
    <message>
        <source>HBM→host offload rate</source>
        <translation>HBM→호스트 오프로딩률</translation>
    </message>
    <message>
        <source>Total traffic (requests/s)</source>
        <translation>총 트래픽(요청/초)</translation>
    </message>
    <message>
        <source>prefill MFU</source>
        <translation>프리필 MFU</translation>
    </message>
    <message>
        <source>Share of the GPU&apos;s dense FLOP/s a prefill reaches, counting the transformer blocks&apos; matrices, one LM-head row and causal attention. The Hopper cards take 0.576, measured on an H200.</source>
        <translation>프리필이 도달하는 GPU 밀집(dense) FLOP/s의 비율입니다. 트랜스포머 블록의 행렬, LM 헤드 한 행, 인과적 어텐션을 셉니다. Hopper 카드는 H200에서 측정한 0.576을 씁니다.</translation>
    </message>
    <message>
        <source>Prefill &amp;MFU:</source>
        <translation>프리필 MFU(&amp;M):</translation>
    </message>
    <message>
        <source>host link bandwidth</source>
        <translation>호스트 링크 대역폭</translation>
    </message>
    <message>
        <source>The GPU-host link&apos;s bandwidth for large copies, in bytes per second: the card&apos;s measured curve is scaled to it, keeping its shape against copy size.</source>
        <translation>큰 복사에서 GPU-호스트 링크가 내는 대역폭(바이트/초)입니다. 카드의 측정 곡선을 이 값에 맞춰 비례 조정하며, 복사 크기에 따른 곡선 모양은 유지합니다.</translation>
    </message>
    <message>
        <source>Host lin&amp;k bandwidth:</source>
        <translation>호스트 링크 대역폭(&amp;K):</translation>
    </message>
    <message>
        <source>context</source>
        <translation>문맥 길이</translation>
    </message>
    <message>
        <source>Context: tokens of KV each active sequence holds (prompt + output). The article&apos;s &quot;128K-context request&quot; is 131,072 tokens. Type 128k, 1M or 131072.</source>
        <translation>문맥 길이: 활성 시퀀스 하나가 KV로 유지하는 토큰 수(프롬프트 + 출력)입니다. 기사의 ‘128K 문맥 요청’은 131,072토큰입니다. 128k, 1M, 131072처럼 입력하세요.</translation>
    </message>
    <message>
        <source>&amp;Context per sequence (tokens):</source>
        <translation>시퀀스당 문맥 길이(토큰)(&amp;C):</translation>
    </message>
    <message>
        <source>concurrency</source>
        <translation>동시 처리 요청 수</translation>
    </message>
    <message>
        <source>Concurrency: sequences decoding at once on one replica (TP GPUs). The article keeps ten 128K requests at once.</source>
        <translation>동시 처리 요청 수: 레플리카 하나(TP GPU 묶음)에서 동시에 디코딩하는 시퀀스 수입니다. 기사는 128K 요청 10개를 동시에 유지합니다.</translation>
    </message>
    <message>
        <source>Co&amp;ncurrent sequences per replica:</source>
        <translation>레플리카당 동시 처리 요청 수(&amp;N):</translation>
    </message>
    <message>
        <source>KV cache element format: bytes per element in the formula. FP16/BF16 = 2 B; FP8/INT8 halve the KV bytes, INT4 quarters them.</source>
        <translation>KV 캐시 원소 형식: 계산식의 바이트 수입니다. FP16/BF16은 2바이트이고, FP8/INT8은 KV 바이트를 절반으로, INT4는 4분의 1로 줄입니다.</translation>
    </message>
    <message>
        <source>&amp;KV cache format:</source>
        <translation>KV 캐시 형식(&amp;K):</translation>
    </message>
    <message>
        <source>Prefix cache hit rate: the share of prompt tokens served from cache instead of recomputed. High reuse is what makes DRAM a warm cache (the article). Keeping prefixes needs a reuse distance and an offload rate (Advanced).</source>
        <translation>프리픽스 캐시 적중률: 재계산하지 않고 캐시에서 가져오는 프롬프트 토큰의 비율입니다. 재사용률이 높아야 D램이 ‘웜 캐시’가 됩니다(기사). 프리픽스를 보존하려면 재사용 간격과 오프로딩률이 필요합니다(고급).</translation>
    </message>
    <message>
        <source>&amp;Reuse rate (prefix hits):</source>
        <translation>재사용률(프리픽스 적중)(&amp;R):</translation>
    </message>
    <message>
        <source>&amp;Tensor parallel (TP):</source>
        <translation>텐서 병렬(TP)(&amp;T):</translation>
    </message>
    <message>
        <source>GPUs that together hold one copy of the model (a replica). Must divide the KV heads and fit in a server.</source>
        <translation>모델 사본 하나(레플리카)를 함께 담는 GPU 수입니다. KV 헤드 수를 나누어떨어지게 하고 서버 하나에 들어가야 합니다.</translation>
    </message>
    <message>
        <source>KV &amp;block size (tokens):</source>
        <translation>KV 블록 크기(토큰)(&amp;B):</translation>
    </message>
    <message>
        <source>PagedAttention page size. Sequences round up to whole blocks (fragmentation); small blocks also make DRAM/SSD restores slower (small transfers).</source>
        <translation>PagedAttention 페이지 크기입니다. 시퀀스는 블록 단위로 올림되고(조각화), 블록이 작으면 전송 단위도 작아져 D램/SSD 복원이 느려집니다.</translation>
    </message>
    <message>
        <source>paged (vLLM)</source>
        <translation>페이지 할당 (vLLM)</translation>
    </message>
    <message>
        <source>contiguous (reserve max context)</source>
        <translation>연속 할당 (최대 문맥 예약)</translation>
    </message>
    <message>
        <source>Paged: allocate blocks as tokens arrive. Contiguous: every sequence reserves the model&apos;s maximum context up front (pre-PagedAttention systems).</source>
        <translation>페이지 할당: 토큰이 들어오는 대로 블록을 할당합니다. 연속 할당: 모든 시퀀스가 모델의 최대 문맥 길이를 미리 예약합니다(PagedAttention 이전 시스템).</translation>
    </message>
    <message>
        <source>A&amp;llocation:</source>
        <translation>메모리 할당(&amp;L):</translation>
    </message>
    <message>
        <source>How the engine moves KV back from DRAM or SSD into HBM: what one copy holds sets how much of the link it uses (vllm-offload: one copy per block across all layers; per-block-copy: one copy per block and layer).</source>
        <translation>엔진이 DRAM이나 SSD의 KV를 HBM으로 되돌리는 방식입니다. 복사 한 번에 담기는 양이 링크를 얼마나 쓰는지 정합니다 (vllm-offload: 블록마다 모든 레이어를 한 번에 복사, per-block-copy: 블록과 레이어마다 한 번씩 복사).</translation>
    </message>
    <message>
        <source>Restore pat&amp;h:</source>
        <translation>복원 경로(&amp;H):</translation>
    </message>
    <message>
        <source>Prefix &amp;sharing:</source>
        <translation>프리픽스 공유(&amp;S):</translation>
    </message>
    <message>
        <source>Active sequences sharing one cached prefix (a system prompt, a document): the shared part is held once. 1 = no sharing.</source>
        <translation>캐시된 프리픽스 하나(시스템 프롬프트, 문서)를 공유하는 활성 시퀀스 수입니다. 공유 부분은 한 번만 저장됩니다. 1이면 공유하지 않습니다.</translation>
    </message>
    <message>
        <source>Reuse &amp;distance:</source>
        <translation>재사용 간격(&amp;D):</translation>
    </message>
    <message>
        <source>Seconds a reusable prefix must be kept until its next hit. By Little&apos;s law the retained pool is request rate × distance × prefix bytes.</source>
        <translation>재사용할 프리픽스를 다음 적중까지 보존해야 하는 시간(초)입니다. 리틀의 법칙에 따라 보존 풀은 요청률 × 재사용 간격 × 프리픽스 바이트입니다.</translation>
    </message>
    <message>
        <source> req/s</source>
        <translation> 요청/초</translation>
    </message>
    <message>
        <source>Requests per second arriving at one replica: λ of the retained reuse pool (λ × reuse distance × prefix bytes). &quot;derived&quot; uses served sequences ÷ request duration, so a faster replica also brings more traffic.</source>
        <translation>레플리카 하나에 들어오는 초당 요청 수로, 보존된 재사용 풀 계산의 λ입니다(λ × 재사용 간격 × 프리픽스 바이트). &quot;자동 산출&quot;은 처리 중인 시퀀스 수 ÷ 요청 처리 시간을 쓰므로, 레플리카가 빨라지면 트래픽도 함께 늘어납니다.</translation>
    </message>
    <message>
        <source>Re&amp;quest rate (λ):</source>
        <translation>요청률(λ)(&amp;Q):</translation>
    </message>
    <message>
        <source>Share of evicted reusable KV blocks copied from HBM to host DRAM/SSD instead of dropped (the article&apos;s HBM→host offload rate). Type 30, 30% or 0.3.</source>
        <translation>HBM에서 밀려난 재사용 가능 KV 블록 가운데 버리지 않고 호스트 D램/SSD로 복사하는 비율입니다(기사의 HBM→호스트 오프로딩률). 30, 30%, 0.3 모두 30%입니다.</translation>
    </message>
    <message>
        <source>Share of HBM the engine may use (vLLM gpu_memory_utilization, default 90%). Type 90, 90% or 0.9.</source>
        <translation>추론 엔진이 쓸 수 있는 HBM 비율입니다(vLLM gpu_memory_utilization, 기본값 90%). 90, 90%, 0.9 모두 90%입니다.</translation>
    </message>
    <message>
        <source>&amp;Offload rate:</source>
        <translation>오프로딩률(&amp;O):</translation>
    </message>
    <message>
        <source>GPU memory &amp;utilisation:</source>
        <translation>GPU 메모리 사용률(&amp;U):</translation>
    </message>
    <message>
        <source>O&amp;utput tokens:</source>
        <translation>출력 토큰 수(&amp;P):</translation>
    </message>
    <message>
        <source>Tokens generated per request; the prompt is context − output.</source>
        <translation>요청 하나가 생성하는 토큰 수입니다. 프롬프트는 문맥 길이 − 출력입니다.</translation>
    </message>
    <message>
        <source>&amp;GPUs per server:</source>
        <translation>서버당 GPU 수(&amp;G):</translation>
    </message>
    <message>
        <source>GPUs sharing one server&apos;s DRAM and NVMe.</source>
        <translation>서버 하나의 D램과 NVMe를 함께 쓰는 GPU 수입니다.</translation>
    </message>
    <message>
        <source>&amp;DRAM per server:</source>
        <translation>서버당 D램(&amp;M):</translation>
    </message>
    <message>
        <source>Host DRAM installed per server, e.g. 2TB or 1.5TiB. A share of it (the card&apos;s usable fraction) can hold offloaded KV.</source>
        <translation>서버당 장착된 호스트 D램입니다(예: 2TB, 1.5TiB). 그중 일부(카드의 가용 비율)에 오프로딩된 KV를 담을 수 있습니다.</translation>
    </message>
    <message>
        <source>&amp;NVMe per server:</source>
        <translation>서버당 NVMe(&amp;E):</translation>
    </message>
    <message>
        <source>Local NVMe per server, e.g. 30.72TB: the cold tier for retained prefixes.</source>
        <translation>서버당 로컬 NVMe입니다(예: 30.72TB). 보존된 프리픽스를 담는 차가운 계층입니다.</translation>
    </message>
    <message>
        <source>&amp;Inclusive tiers</source>
        <translation>포함형 계층(&amp;I)</translation>
    </message>
    <message>
        <source>DRAM also keeps copies of prefixes resident in HBM (inclusive), instead of holding only what HBM evicted (exclusive).</source>
        <translation>D램이 HBM에서 밀려난 것만 담는 대신(배타형), HBM에 올라 있는 프리픽스의 사본도 함께 보관합니다(포함형).</translation>
    </message>
    <message>
        <source>&amp;Streaming (FlexGen)</source>
        <translation>스트리밍 (FlexGen)(&amp;F)</translation>
    </message>
    <message>
        <source>What does not fit in HBM streams from DRAM/SSD on every decode step, as FlexGen does: it fits, but at about a token per second.</source>
        <translation>HBM에 들어가지 않는 부분을 FlexGen처럼 디코딩 단계마다 D램/SSD에서 읽어 옵니다. 돌아가기는 하지만 초당 1토큰 수준입니다.</translation>
    </message>
    <message>
        <source>Bits per weight: sets the weights&apos; share of HBM, and 8- and 4-bit weights run at the GPU&apos;s FP8 or FP4 FLOP/s where it has them. The model card&apos;s own checkpoint format is marked.</source>
        <translation>가중치당 비트 수: HBM에서 가중치가 차지하는 몫을 정하며, 8비트와 4비트 가중치는 GPU가 지원하면 FP8·FP4 FLOP/s로 계산합니다. 모델 카드의 체크포인트 형식에 표시가 붙습니다.</translation>
    </message>
    <message>
        <source>&amp;Weights:</source>
        <translation>가중치(&amp;W):</translation>
    </message>
    <message>
        <source>cache admission</source>
        <translation>캐시 적재 정책</translation>
    </message>
    <message>
        <source>All: every whole block of the prompt is stored, as vLLM&apos;s offloading connector, LMCache and Mooncake Store do, so blocks never reused take room too. Seen-twice: below HBM a block is stored at its second sighting only; its first reuse misses.</source>
        <translation>all: vLLM의 오프로딩 커넥터, LMCache, Mooncake Store처럼 프롬프트의 완전한 블록을 모두 저장하므로, 다시 쓰이지 않는 블록도 자리를 차지합니다. seen-twice: HBM 아래 계층에는 블록을 두 번째로 볼 때에만 저장하므로, 첫 재사용은 적중하지 않습니다.</translation>
    </message>
    <message>
        <source>reuses per reused block</source>
        <translation>재사용 블록당 재사용 횟수</translation>
    </message>
    <message>
        <source>How many times a reused block is reused on average. Seen-twice admission misses the first of them.</source>
        <translation>재사용되는 블록이 평균 몇 번 재사용되는지입니다. seen-twice 정책에서는 그중 첫 번째가 적중하지 않습니다.</translation>
    </message>
    <message>
        <source>Attention precision:</source>
        <translation>어텐션 정밀도:</translation>
    </message>
    <message>
        <source>Activation precision:</source>
        <translation>활성화 정밀도:</translation>
    </message>
    <message>
        <source>Cache admission:</source>
        <translation>캐시 적재 정책:</translation>
    </message>
    <message>
        <source>Reuses per reused block:</source>
        <translation>재사용 블록당 재사용 횟수:</translation>
    </message>
    <message>
        <source>all (every whole block)</source>
        <translation>all (완전한 블록 모두)</translation>
    </message>
    <message>
        <source>seen-twice (from the second sighting)</source>
        <translation>seen-twice (두 번째로 볼 때부터)</translation>
    </message>
    <message>
        <source>Operand format of attention&apos;s matrix products (prefill and recompute time). Unset: FP8 with an FP8 KV cache on Hopper or Blackwell, else BF16.</source>
        <translation>어텐션 행렬 곱의 피연산자 형식입니다(프리필과 재계산 시간). 지정하지 않으면 Hopper나 Blackwell에서 FP8 KV 캐시를 쓸 때 FP8, 그 밖에는 BF16입니다.</translation>
    </message>
    <message>
        <source>Activation format of the linear layers, which run at the wider of it and the weights&apos; (W8A8 at FP8, W4A16 at BF16). Unset: the weights&apos; from 8 bits up, else BF16.</source>
        <translation>선형 계층의 활성화 형식입니다. 선형 계층은 이 형식과 가중치 형식 중 넓은 쪽으로 실행됩니다(W8A8은 FP8, W4A16은 BF16). 지정하지 않으면 가중치가 8비트 이상일 때 가중치 형식, 그 밖에는 BF16입니다.</translation>
    </message>
    <message>
        <source>data-parallel attention (DP)</source>
        <translation>데이터 병렬 어텐션(DP)</translation>
    </message>
    <message>
        <source>Attention ranks of TP GPUs each. Each rank keeps only its own sequences and their KV, so an MLA latent is not replicated. TP × DP must make the unit&apos;s GPUs (nodes × GPUs per server). 1: no DP attention; 0: every GPU of the unit.</source>
        <translation>각각 TP개 GPU로 된 어텐션 랭크 수. 랭크마다 자기 시퀀스와 그 KV만 두므로 MLA 잠재 벡터가 복제되지 않습니다. TP × DP가 단위의 GPU 수(노드 × 서버당 GPU)와 같아야 합니다. 1: DP 어텐션 없음, 0: 단위의 모든 GPU.</translation>
    </message>
    <message>
        <source>Data-parallel &amp;attention (DP):</source>
        <translation>데이터 병렬 어텐션(DP)(&amp;A):</translation>
    </message>
    <message>
        <source>expert parallel (EP)</source>
        <translation>전문가 병렬(EP)</translation>
    </message>
    <message>
        <source>GPUs the routed experts of a mixture-of-experts model are spread over. Each GPU holds (routed + redundant) ÷ EP experts per layer and the replicated parts; tokens travel to their experts and back. 0: the most of the unit&apos;s GPUs that divide the experts.</source>
        <translation>MoE 모델의 라우팅 전문가를 나눠 두는 GPU 수. GPU마다 층당 (라우팅 + 중복) ÷ EP개 전문가와 복제 부분을 두고, 토큰은 자기 전문가에게 갔다가 돌아옵니다. 0: 전문가 수를 나누는 가장 많은 GPU 수.</translation>
    </message>
    <message>
        <source>&amp;Expert parallel (EP):</source>
        <translation>전문가 병렬(EP)(&amp;E):</translation>
    </message>
    <message>
        <source>servers per unit</source>
        <translation>단위당 서버</translation>
    </message>
    <message>
        <source>Servers one expert-parallel unit spans: the exchange crosses the scale-out network between them. 0: the fewest on which each GPU&apos;s weights take at most 85% of its usable HBM.</source>
        <translation>전문가 병렬 단위 하나가 걸치는 서버 수: 서버 사이 교환은 스케일아웃 네트워크를 지납니다. 0: GPU마다 가중치가 쓸 수 있는 HBM의 85% 이하가 되는 가장 적은 서버 수.</translation>
    </message>
    <message>
        <source>Servers &amp;per unit:</source>
        <translation>단위당 서버(&amp;P):</translation>
    </message>
    <message>
        <source>redundant experts</source>
        <translation>중복 전문가</translation>
    </message>
    <message>
        <source>exchange overlap</source>
        <translation>교환 겹침</translation>
    </message>
    <message>
        <source>draft tokens</source>
        <translation>초안 토큰</translation>
    </message>
    <message>
        <source>Draft tokens each sequence proposes per decode step (DeepSeek&apos;s multi-token prediction: 1). The step verifies them all.</source>
        <translation>시퀀스마다 디코드 스텝당 제안하는 초안 토큰 수(DeepSeek의 다중 토큰 예측: 1). 스텝이 모두 검증합니다.</translation>
    </message>
    <message>
        <source>Speculati&amp;ve draft tokens:</source>
        <translation>추측 디코딩 초안 토큰(&amp;V):</translation>
    </message>
    <message>
        <source>draft acceptance</source>
        <translation>초안 수락률</translation>
    </message>
    <message>
        <source>Chance each draft token is accepted once the one before it was: a step emits 1 + A + A² + … tokens. DeepSeek reports 85–90% for its second token. Type 85, 85% or 0.85.</source>
        <translation>앞 토큰이 수락되었을 때 각 초안 토큰이 수락될 확률: 한 스텝이 1 + A + A² + … 토큰을 냅니다. DeepSeek은 두 번째 토큰에 85–90%를 보고합니다. 85, 85% 또는 0.85로 입력하세요.</translation>
    </message>
    <message>
        <source>Dra&amp;ft acceptance:</source>
        <translation>초안 수락률(&amp;F):</translation>
    </message>
    <message>
        <source>decode context parallel (DCP)</source>
        <translation>디코드 컨텍스트 병렬(DCP)</translation>
    </message>
    <message>
        <source>Decode context parallel (vLLM, SGLang): a KV every TP GPU would hold whole (MLA&apos;s latent, or GQA with fewer KV heads than TP) is striped by token over N GPUs of the TP group, so each holds and reads 1/N of it; each decode step gathers queries and merges partial outputs. Must divide TP. 1: off; 0: as many as TP keeps copies.</source>
        <translation>디코드 컨텍스트 병렬(vLLM, SGLang): TP GPU마다 통째로 두게 될 KV(MLA의 잠재 벡터, 또는 KV 헤드가 TP보다 적은 GQA)를 토큰 단위로 TP 그룹의 GPU N개에 나누어 두므로, GPU마다 그 1/N만 두고 읽습니다. 디코드 스텝마다 쿼리를 모으고 부분 출력을 합칩니다. TP를 나누어떨어지게 해야 합니다. 1: 끔, 0: TP가 두는 사본 수만큼.</translation>
    </message>
    <message>
        <source>Conte&amp;xt parallel (DCP):</source>
        <translation>컨텍스트 병렬(DCP)(&amp;X):</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <source>%1 (first %2 tokens)</source>
        <translation>%1 (처음 %2토큰까지)</translation>
    </message>
    <message>
        <source>%1 (chunks of %2 tokens)</source>
        <translation>%1 (%2토큰 청크 단위)</translation>
    </message>
    <message>
        <source>%1 per token</source>
        <translation>%1 (토큰당)</translation>
    </message>
    <message>
        <source>%1 + %2 × %3 per sequence</source>
        <translation>%1 + %2 × %3 (시퀀스당)</translation>
    </message>
    <message>
        <source>context %1 exceeds %2&apos;s maximum of %3 tokens</source>
        <translation>문맥 길이 %1토큰이 %2의 최대 문맥 길이 %3토큰을 넘습니다</translation>
    </message>
    <message>
        <source>weights and runtime reserve leave no HBM for KV cache</source>
        <translation>가중치와 런타임 예약분을 빼면 KV 캐시에 쓸 HBM이 남지 않습니다</translation>
    </message>
    <message>
        <source>weights do not fit in HBM: %1 of %2 stay in HBM, the rest streams every step</source>
        <translation>가중치가 HBM에 다 들어가지 않습니다: %2 중 %1만 HBM에 두고, 나머지는 매 스텝 스트리밍합니다</translation>
    </message>
    <message>
        <source>the hot set of %1 sequences does not fit in HBM: at most %2 fit; the excess is shown as overflow</source>
        <translation>시퀀스 %1개의 활성 작업집합이 HBM에 들어가지 않습니다: 최대 %2개까지만 들어가며, 나머지는 초과분으로 표시합니다</translation>
    </message>
    <message>
        <source>%1 fit in no tier (HBM, DRAM and SSD are full)</source>
        <translation>어느 계층에도 들어가지 않는 양: %1 (HBM, D램, SSD가 모두 찼습니다)</translation>
    </message>
    <message>
        <source>reuse achieved %1 of the %2 requested: the retained pool does not fit</source>
        <translation>재사용률을 %2 요청했지만 %1만 달성합니다: 보존 풀이 들어갈 자리가 없습니다</translation>
    </message>
    <message>
        <source>sharing %1 exceeds concurrency; using %2</source>
        <translation>프리픽스 공유 수(%1)가 동시 처리 요청 수보다 큽니다. 적용 값: %2</translation>
    </message>
    <message>
        <source>request rate %1 req/s is above the %2 req/s one replica can serve (prefill, restore and decode share per request)</source>
        <translation>요청률 %1 req/s가 레플리카 하나가 처리할 수 있는 %2 req/s를 넘습니다 (요청당 프리필, 복원, 디코드 몫 기준)</translation>
    </message>
    <message>
        <source>restores load %1 to %2 of its bandwidth: at or beyond 100%, restores queue without bound and TTFT has no steady value</source>
        <translation>복원 트래픽이 %1 대역폭의 %2를 차지합니다: 100% 이상이면 복원 대기열이 끝없이 늘어나 TTFT가 안정된 값을 갖지 못합니다</translation>
    </message>
    <message>
        <source>the SSD tier writes %1 drive writes per day, above the drives&apos; rated %2</source>
        <translation>SSD 계층의 쓰기가 하루 %1 드라이브 쓰기(DWPD)로, 드라이브 정격 %2를 넘습니다</translation>
    </message>
    <message>
        <source>TP %1 is more than the GPUs per server (%2): one replica spans %3 servers, and its tensor-parallel traffic crosses the network between them</source>
        <translation>TP %1이(가) 서버당 GPU 수(%2)보다 큽니다: 레플리카 하나가 서버 %3대에 걸치며, 텐서 병렬 통신이 서버 사이 네트워크를 지납니다</translation>
    </message>
    <message>
        <source>fleet</source>
        <translation>플릿</translation>
    </message>
    <message>
        <source>tp: %1 is out of range [%2, %3]</source>
        <translation>텐서 병렬(TP) 값이 허용 범위 [%2, %3] 밖입니다: %1</translation>
    </message>
    <message>
        <source>tp: %1 does not fit a server of %2 GPUs (use a divisor or a multiple of %2)</source>
        <translation>텐서 병렬(TP) %1: GPU %2개 서버에 맞지 않습니다(%2의 약수나 배수를 쓰세요)</translation>
    </message>
    <message>
        <source>tp: %1 does not divide the %2 KV heads of %3 (nor do they divide it; vLLM requires one or the other)</source>
        <translation>텐서 병렬(TP) %1: %3의 KV 헤드 %2개를 나누지 못하고, 헤드 수도 TP를 나누지 못합니다(vLLM은 둘 중 하나를 요구합니다)</translation>
    </message>
    <message>
        <source>output-tokens: %1 must be less than the context (%2 tokens): the prompt would be empty</source>
        <translation>출력 토큰 수(%1)는 문맥 길이(%2토큰)보다 작아야 합니다: 그렇지 않으면 프롬프트가 비게 됩니다</translation>
    </message>
    <message>
        <source>reuse: must lie between 0 and 1</source>
        <translation>재사용률은 0과 1 사이여야 합니다</translation>
    </message>
    <message>
        <source>offload-rate: must lie between 0 and 1</source>
        <translation>오프로딩률은 0과 1 사이여야 합니다</translation>
    </message>
    <message>
        <source>sharing: must be at least 1 (1 = no sharing)</source>
        <translation>프리픽스 공유는 1 이상이어야 합니다(1 = 공유 안 함)</translation>
    </message>
    <message>
        <source>gpu-util: must be more than 0 and at most 1</source>
        <translation>GPU 메모리 사용률은 0보다 크고 1 이하여야 합니다</translation>
    </message>
    <message>
        <source>block-size: must be between %1 and %2 tokens</source>
        <translation>KV 블록 크기는 %1~%2토큰이어야 합니다</translation>
    </message>
    <message>
        <source>reuse-distance: must be between 0 and 1e9 seconds</source>
        <translation>재사용 간격은 0~1e9초여야 합니다</translation>
    </message>
    <message>
        <source>servers: must be between 1 and 1e9</source>
        <translation>서버 수는 1~1e9여야 합니다</translation>
    </message>
    <message>
        <source>kv-dtype: bits per element must be more than 0 and at most 64</source>
        <translation>KV 캐시 형식: 원소당 비트 수는 0보다 크고 64 이하여야 합니다</translation>
    </message>
    <message>
        <source>model: none given (use --model ID|FILE, or a --workload that names its model)</source>
        <translation>모델이 지정되지 않았습니다(--model ID|FILE을 주거나, 모델을 지정하는 --workload를 쓰세요)</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1: 파일이 없습니다</translation>
    </message>
    <message>
        <source>%1: is a directory, not a file</source>
        <translation>%1: 파일이 아니라 폴더입니다</translation>
    </message>
    <message>
        <source>%1: is not a regular file (a device or a pipe?)</source>
        <translation>%1: 일반 파일이 아닙니다(장치나 파이프일 수 있습니다)</translation>
    </message>
    <message>
        <source>%1: cannot read its size: %2</source>
        <translation>%1: 파일 크기를 읽을 수 없습니다: %2</translation>
    </message>
    <message>
        <source>%1: is %2 MiB; files over %3 MiB are refused</source>
        <translation>%1: 크기가 %2 MiB입니다. %3 MiB를 넘는 파일은 읽지 않습니다</translation>
    </message>
    <message>
        <source>%1: cannot be opened for reading</source>
        <translation>%1: 파일을 열어 읽을 수 없습니다</translation>
    </message>
    <message>
        <source>%1: could not be read whole</source>
        <translation>%1: 파일 전체를 읽지 못했습니다</translation>
    </message>
    <message>
        <source>%1: the file is empty</source>
        <translation>%1: 파일이 비어 있습니다</translation>
    </message>
    <message>
        <source>%1: nesting deeper than %2 levels</source>
        <translation>%1: 중첩이 %2단계보다 깊습니다</translation>
    </message>
    <message>
        <source>%1: duplicate key &quot;%2&quot;</source>
        <translation>%1: 중복된 키 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1: a number is too large to represent</source>
        <translation>%1: 표현할 수 없을 만큼 큰 숫자가 있습니다</translation>
    </message>
    <message>
        <source>%1: a number is too large to represent: %2</source>
        <translation>%1: 표현할 수 없을 만큼 큰 숫자가 있습니다: %2</translation>
    </message>
    <message>
        <source>%1: the file ends too early (truncated JSON?): parse error at line %2, column %3: %4</source>
        <translation>%1: 파일이 너무 일찍 끝납니다(JSON이 잘렸나요?): %2행 %3열 구문 오류: %4</translation>
    </message>
    <message>
        <source>%1: the file ends too early (truncated JSON?): %2</source>
        <translation>%1: 파일이 너무 일찍 끝납니다(JSON이 잘렸나요?): %2</translation>
    </message>
    <message>
        <source>%1: not valid JSON: parse error at line %2, column %3: %4</source>
        <translation>%1: 올바른 JSON이 아닙니다: %2행 %3열 구문 오류: %4</translation>
    </message>
    <message>
        <source>%1: not valid JSON: %2</source>
        <translation>%1: 올바른 JSON이 아닙니다: %2</translation>
    </message>
    <message>
        <source>%1: expected a JSON object, found %2</source>
        <translation>%1: JSON 객체여야 하는데 %2입니다</translation>
    </message>
    <message>
        <source>%1: must be an object</source>
        <translation>%1: 객체여야 합니다</translation>
    </message>
    <message>
        <source>%1: missing (required)</source>
        <translation>%1: 없습니다(필수 항목)</translation>
    </message>
    <message>
        <source>%1: must be a string, found %2</source>
        <translation>%1: 문자열이어야 하는데 %2입니다</translation>
    </message>
    <message>
        <source>%1: must be a number, found %2</source>
        <translation>%1: 숫자여야 하는데 %2입니다</translation>
    </message>
    <message>
        <source>%1: must be true or false, found %2</source>
        <translation>%1: true 또는 false여야 하는데 %2입니다</translation>
    </message>
    <message>
        <source>%1: must be an object, found %2</source>
        <translation>%1: 객체여야 하는데 %2입니다</translation>
    </message>
    <message>
        <source>%1: must be an array, found %2</source>
        <translation>%1: 배열이어야 하는데 %2입니다</translation>
    </message>
    <message>
        <source>%1: must be finite</source>
        <translation>%1: 유한한 수여야 합니다</translation>
    </message>
    <message>
        <source>%1: %2 is out of range [%3, %4]</source>
        <translation>%1: 허용 범위 [%3, %4] 밖의 값입니다: %2</translation>
    </message>
    <message>
        <source>%1: must be a whole number, found %2</source>
        <translation>%1: 정수여야 하는데 %2입니다</translation>
    </message>
    <message>
        <source>%1: unknown key &quot;%2&quot; (known keys: %3)</source>
        <translation>%1: 알 수 없는 키 &quot;%2&quot;(알려진 키: %3)</translation>
    </message>
    <message>
        <source>%1: is &quot;%2&quot;, not a kvtiers preset</source>
        <translation>%1: 스키마가 &quot;%2&quot;입니다. kvtiers 프리셋이 아닙니다</translation>
    </message>
    <message>
        <source>%1: %2 was written by a newer kvtiers (this one reads %3); the file is left untouched</source>
        <translation>%1: 더 새로운 kvtiers가 쓴 파일입니다(스키마 버전 %2, 이 버전이 읽는 것은 %3). 파일은 건드리지 않았습니다</translation>
    </message>
    <message>
        <source>%1: %2 is not a number</source>
        <translation>%1: %2은(는) 숫자가 아닙니다</translation>
    </message>
    <message>
        <source>%1: %2 must be a whole number</source>
        <translation>%1: %2은(는) 정수여야 합니다</translation>
    </message>
    <message>
        <source>%1: %2 is not a number of sequences (write 10, 64 or 1k)</source>
        <translation>%1: %2은(는) 시퀀스 수가 아닙니다(10, 64, 1k처럼 쓰세요)</translation>
    </message>
    <message>
        <source>%1: %2 is not a token count (write 131072, 128k or 1M)</source>
        <translation>%1: %2은(는) 토큰 수가 아닙니다(131072, 128k, 1M처럼 쓰세요)</translation>
    </message>
    <message>
        <source>%1: %2 is not a whole number of sequences</source>
        <translation>%1: %2은(는) 정수 시퀀스 수가 아닙니다</translation>
    </message>
    <message>
        <source>%1: %2 is not a whole number of tokens</source>
        <translation>%1: %2은(는) 정수 토큰 수가 아닙니다</translation>
    </message>
    <message>
        <source>%1: %2 is not a share (write 0.5 or 50%)</source>
        <translation>%1: %2은(는) 비율이 아닙니다(0.5나 50%처럼 쓰세요)</translation>
    </message>
    <message>
        <source>%1: %2 must lie between 0 and 1 (0% and 100%)</source>
        <translation>%1: %2은(는) 0과 1(0%와 100%) 사이여야 합니다</translation>
    </message>
    <message>
        <source>%1: %2 is not a size (write 2TiB, 512GiB, 141GB or bytes)</source>
        <translation>%1: %2은(는) 크기가 아닙니다(2TiB, 512GiB, 141GB나 바이트 수로 쓰세요)</translation>
    </message>
    <message>
        <source>%1: unknown layer kind &quot;%2&quot; (use full, sliding, chunked, mla or state)</source>
        <translation>%1: 알 수 없는 레이어 종류 &quot;%2&quot;(full, sliding, chunked, mla, state 중 하나를 쓰세요)</translation>
    </message>
    <message>
        <source>%1: has fewer query heads (%2) than KV heads (%3)</source>
        <translation>%1: 쿼리 헤드 수(%2)가 KV 헤드 수(%3)보다 적습니다</translation>
    </message>
    <message>
        <source>%1: is larger than params_total</source>
        <translation>%1: params_total보다 큽니다</translation>
    </message>
    <message>
        <source>%1: must list at least one layer group</source>
        <translation>%1: 레이어 그룹을 하나 이상 적어야 합니다</translation>
    </message>
    <message>
        <source>%1: has more than %2 groups</source>
        <translation>%1: 그룹이 %2개보다 많습니다</translation>
    </message>
    <message>
        <source>%1: has no attention layers (a model of only state layers holds no KV per token)</source>
        <translation>%1: 어텐션 레이어가 없습니다(상태 레이어만 있는 모델은 토큰당 KV 캐시를 갖지 않습니다)</translation>
    </message>
    <message>
        <source>%1: adds up to more than %2 layers</source>
        <translation>%1: 레이어가 모두 합쳐 %2개를 넘습니다</translation>
    </message>
    <message>
        <source>%1: must name at least one source</source>
        <translation>%1: 출처를 하나 이상 적어야 합니다</translation>
    </message>
    <message>
        <source>%1: curve points must be in increasing transfer size</source>
        <translation>%1: 곡선의 점은 전송 크기가 커지는 순서로 적어야 합니다</translation>
    </message>
    <message>
        <source>%1: shares must add up to 1 (they add up to %2)</source>
        <translation>%1: 비율의 합이 1이어야 합니다(지금 합: %2)</translation>
    </message>
    <message>
        <source>%1: give kv_dtype or kv_bits, not both</source>
        <translation>%1: kv_dtype과 kv_bits 중 하나만 주세요</translation>
    </message>
    <message>
        <source>%1: needs kv_dtype or kv_bits beside it</source>
        <translation>%1: kv_dtype이나 kv_bits를 함께 주어야 합니다</translation>
    </message>
    <message>
        <source>%1: unknown policy &quot;%2&quot; (use paged or contiguous)</source>
        <translation>%1: 알 수 없는 할당 방식 &quot;%2&quot;(paged나 contiguous를 쓰세요)</translation>
    </message>
    <message>
        <source>%1: must be a whole number</source>
        <translation>%1: 정수여야 합니다</translation>
    </message>
    <message>
        <source>model: unknown id &quot;%1&quot; (known: %2; or give a path to a .json card)</source>
        <translation>모델: 알 수 없는 ID &quot;%1&quot;(알려진 ID: %2. 또는 .json 카드 파일의 경로를 주세요)</translation>
    </message>
    <message>
        <source>hardware: unknown id &quot;%1&quot; (known: %2; or give a path to a .json card)</source>
        <translation>하드웨어: 알 수 없는 ID &quot;%1&quot;(알려진 ID: %2. 또는 .json 카드 파일의 경로를 주세요)</translation>
    </message>
    <message>
        <source>workload: unknown id &quot;%1&quot; (known: %2; or give a path to a .json card)</source>
        <translation>워크로드: 알 수 없는 ID &quot;%1&quot;(알려진 ID: %2. 또는 .json 카드 파일의 경로를 주세요)</translation>
    </message>
    <message>
        <source>%1: unknown KV dtype &quot;%2&quot; (use fp32, bf16, fp16, fp8, int8, int4, or a bit width such as 6bit)</source>
        <translation>%1: 알 수 없는 KV 캐시 형식 &quot;%2&quot;(fp32, bf16, fp16, fp8, int8, int4나 6bit 같은 비트 폭을 쓰세요)</translation>
    </message>
    <message>
        <source>%1: a KV element of %2 bits is impossible (use more than 0 and at most 64 bits)</source>
        <translation>%1: KV 원소 하나가 %2비트일 수는 없습니다(0보다 크고 64비트 이하로 쓰세요)</translation>
    </message>
    <message>
        <source>%1: a config.json must be a JSON object</source>
        <translation>%1: config.json은 JSON 객체여야 합니다</translation>
    </message>
    <message>
        <source>%1: %2 is not a percentile: write one from 0 to 100 (99 for p99, at least 1), or &quot;mean&quot;</source>
        <translation>%1: %2은(는) 백분위수가 아닙니다: 0에서 100 사이로 쓰십시오(p99는 99, 1 이상) 또는 &quot;mean&quot;</translation>
    </message>
    <message>
        <source>%1: unknown value %2 (use %3)</source>
        <translation>%1: 알 수 없는 값 %2 (%3 중 하나를 쓰십시오)</translation>
    </message>
    <message>
        <source>%1: give it or %2, not both</source>
        <translation>%1: 이것과 %2 중 하나만 지정하십시오</translation>
    </message>
    <message>
        <source>%1: give %2 with it</source>
        <translation>%1: %2도 함께 지정하십시오</translation>
    </message>
    <message>
        <source>missing %1</source>
        <translation>빠진 필드 %1</translation>
    </message>
    <message>
        <source>%1: cannot import this config.json: %2</source>
        <translation>%1: 이 config.json을 가져올 수 없습니다: %2</translation>
    </message>
    <message>
        <source>%1: must be a whole number, not %2</source>
        <translation>%1: 정수여야 하는데 %2입니다</translation>
    </message>
    <message>
        <source>%1: must be a whole number from %2 to %3, not %4</source>
        <translation>%1: %2~%3 사이의 정수여야 하는데 %4입니다</translation>
    </message>
    <message>
        <source>%1: must be true or false, not %2</source>
        <translation>%1: true 또는 false여야 하는데 %2입니다</translation>
    </message>
    <message>
        <source>%1: is larger than num_attention_heads (%2)</source>
        <translation>%1: num_attention_heads(%2)보다 큽니다</translation>
    </message>
    <message>
        <source>%1: is missing and hidden_size %2 is not a multiple of num_attention_heads %3: give head_dim</source>
        <translation>%1: 없는데 hidden_size %2이(가) num_attention_heads %3의 배수가 아닙니다. head_dim을 주세요</translation>
    </message>
    <message>
        <source>%1: must be a list of layer kinds</source>
        <translation>%1: 레이어 종류의 목록이어야 합니다</translation>
    </message>
    <message>
        <source>%1: lists %2 layers but num_hidden_layers is %3</source>
        <translation>%1: 레이어 %2개를 적었지만 num_hidden_layers는 %3입니다</translation>
    </message>
    <message>
        <source>%1: entry %2 is %3 (known: full_attention, sliding_attention, chunked_attention, linear_attention, mamba)</source>
        <translation>%1: %2번 항목이 %3입니다(알려진 종류: full_attention, sliding_attention, chunked_attention, linear_attention, mamba)</translation>
    </message>
    <message>
        <source>%1:%2: cannot read the token count in &quot;%3&quot;</source>
        <translation>%1:%2: &quot;%3&quot;에서 토큰 수를 읽을 수 없습니다</translation>
    </message>
    <message>
        <source>%1:%2: cannot read the tokens per request in &quot;%3&quot;</source>
        <translation>%1:%2: &quot;%3&quot;에서 요청당 토큰 수를 읽을 수 없습니다</translation>
    </message>
    <message>
        <source>%1:%2: cannot read the concurrency in &quot;%3&quot;</source>
        <translation>%1:%2: &quot;%3&quot;에서 동시 처리 수를 읽을 수 없습니다</translation>
    </message>
    <message>
        <source>%1:%2: cannot read the memory size in &quot;%3&quot;</source>
        <translation>%1:%2: &quot;%3&quot;에서 메모리 크기를 읽을 수 없습니다</translation>
    </message>
    <message>
        <source>%1:%2: cannot read the memory unit in &quot;%3&quot;</source>
        <translation>%1:%2: &quot;%3&quot;에서 메모리 단위를 읽을 수 없습니다</translation>
    </message>
    <message>
        <source>%1:%2: cannot read the block count in &quot;%3&quot;</source>
        <translation>%1:%2: &quot;%3&quot;에서 블록 수를 읽을 수 없습니다</translation>
    </message>
    <message>
        <source>%1: found no &quot;GPU KV cache size: N tokens&quot; nor &quot;Maximum concurrency for N tokens per request: X&quot; line (paste vLLM&apos;s startup log, from the engine&apos;s start to &quot;init engine&quot;)</source>
        <translation>%1: &quot;GPU KV cache size: N tokens&quot; 줄도 &quot;Maximum concurrency for N tokens per request: X&quot; 줄도 찾지 못했습니다(엔진 시작부터 &quot;init engine&quot;까지의 vLLM 시작 로그를 붙여 넣으세요)</translation>
    </message>
    <message>
        <source>%1: --tp must be at least 1</source>
        <translation>%1: 텐서 병렬(--tp)은 1 이상이어야 합니다</translation>
    </message>
    <message>
        <source>%1: --block-size must be at least 1</source>
        <translation>%1: 블록 크기(--block-size)는 1 이상이어야 합니다</translation>
    </message>
    <message>
        <source>%1: no memory left for the KV cache (%2 per GPU): the weights and reserve take all of gpu_memory_utilization × HBM</source>
        <translation>%1: KV 캐시에 남는 메모리가 없습니다(GPU당 %2): 가중치와 예약분이 gpu_memory_utilization × HBM을 모두 차지합니다</translation>
    </message>
    <message>
        <source>%1: the traffic mix is empty (add at least one workload)</source>
        <translation>%1: 트래픽 구성이 비어 있습니다(워크로드를 하나 이상 추가하세요)</translation>
    </message>
    <message>
        <source>%1: at most %2 workloads in a mix</source>
        <translation>%1: 트래픽 구성에는 워크로드를 최대 %2개까지 넣을 수 있습니다</translation>
    </message>
    <message>
        <source>%1: latency targets must be positive seconds</source>
        <translation>%1: 지연 시간 목표는 0보다 큰 초 단위 값이어야 합니다</translation>
    </message>
    <message>
        <source>%1: %2: share must be a non-negative number</source>
        <translation>%1: %2: 비율은 0 이상의 수여야 합니다</translation>
    </message>
    <message>
        <source>%1: the shares of the mix add up to 0</source>
        <translation>%1: 트래픽 구성의 비율 합이 0입니다</translation>
    </message>
    <message>
        <source>%1: %2: %3</source>
        <translation>%1: %2: %3</translation>
    </message>
    <message>
        <source>%1: the mix must share one server profile: %2 runs on %3, %4 on %5 (give --hardware for all)</source>
        <translation>%1: 트래픽 구성의 워크로드는 같은 서버 구성을 써야 합니다: %2은(는) %3, %4은(는) %5에서 돕니다(모두에 같은 --hardware를 주세요)</translation>
    </message>
    <message>
        <source>%1: give the traffic as requests/s or as tokens/day, not both</source>
        <translation>%1: 트래픽은 초당 요청 수나 일일 토큰 수 중 하나로만 주세요</translation>
    </message>
    <message>
        <source>%1: the traffic must be a positive rate (requests/s or tokens/day), at most 1e15 requests/s</source>
        <translation>%1: 트래픽은 0보다 큰 비율(초당 요청 수나 일일 토큰 수)이어야 하며, 최대 초당 1e15 요청입니다</translation>
    </message>
    <message>
        <source>%1: %2: even one sequence per replica misses the %3 time-per-output-token target</source>
        <translation>%1: %2: 레플리카당 시퀀스 하나만으로도 출력 토큰당 시간(TPOT) 목표 %3을(를) 넘습니다</translation>
    </message>
    <message>
        <source>%1: %2: time to first token is %3 on an idle replica, above the %4 target</source>
        <translation>%1: %2: 유휴 레플리카에서도 첫 토큰까지 시간(TTFT, %3)이 목표 %4보다 깁니다</translation>
    </message>
    <message>
        <source>%1: seconds must be above 0 and at most 1e9</source>
        <translation>%1: 초는 0보다 크고 1e9 이하여야 합니다</translation>
    </message>
    <message>
        <source>%1: the cumulative share must lie between 0 and 1</source>
        <translation>%1: 누적 비율은 0과 1 사이여야 합니다</translation>
    </message>
    <message>
        <source>%1: unknown id &quot;%2&quot; (known: %3; or give a path to a .json card)</source>
        <translation>%1: 알 수 없는 ID &quot;%2&quot;(알려진 ID: %3. 또는 .json 카드 파일의 경로를 주세요)</translation>
    </message>
    <message>
        <source>%1:%2: cannot read vLLM&apos;s setting %3 in &quot;%4&quot;</source>
        <translation>%1:%2: &quot;%4&quot;에서 vLLM 설정 %3을(를) 읽을 수 없습니다</translation>
    </message>
    <message>
        <source>%1:%2: %3</source>
        <translation>%1:%2: %3</translation>
    </message>
    <message>
        <source>%1:%2: field %3: %4</source>
        <translation>%1:%2: 필드 %3: %4</translation>
    </message>
    <message>
        <source>not valid JSON at column %1: %2</source>
        <translation>%1열에서 올바른 JSON이 아닙니다: %2</translation>
    </message>
    <message>
        <source>expected a value</source>
        <translation>값이 와야 합니다</translation>
    </message>
    <message>
        <source>a digit must follow the decimal point</source>
        <translation>소수점 뒤에 숫자가 와야 합니다</translation>
    </message>
    <message>
        <source>a digit must follow the exponent</source>
        <translation>지수 뒤에 숫자가 와야 합니다</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>문자열이 와야 합니다</translation>
    </message>
    <message>
        <source>a control character inside a string</source>
        <translation>문자열 안에 제어 문자가 있습니다</translation>
    </message>
    <message>
        <source>an unknown escape in a string</source>
        <translation>문자열 안에 알 수 없는 이스케이프가 있습니다</translation>
    </message>
    <message>
        <source>a string is not closed</source>
        <translation>문자열이 닫히지 않았습니다</translation>
    </message>
    <message>
        <source>nesting deeper than %1</source>
        <translation>중첩이 %1단계보다 깊습니다</translation>
    </message>
    <message>
        <source>expected &apos;:&apos; after a key</source>
        <translation>키 뒤에 &apos;:&apos;이(가) 와야 합니다</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;%1&apos;</source>
        <translation>&apos;,&apos; 또는 &apos;%1&apos;이(가) 와야 합니다</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>아무것도 없음</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>문자열</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>객체</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>배열</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>불리언</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null 값</translation>
    </message>
    <message>
        <source>something else</source>
        <translation>다른 값</translation>
    </message>
    <message>
        <source>must be a number, found %1</source>
        <translation>숫자여야 하는데 %1입니다</translation>
    </message>
    <message>
        <source>out of range (must be %1 to %2)</source>
        <translation>범위를 벗어났습니다(%1~%2이어야 합니다)</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>정수여야 합니다</translation>
    </message>
    <message>
        <source>out of range</source>
        <translation>범위를 벗어났습니다</translation>
    </message>
    <message>
        <source>must be an array of block ids, found %1</source>
        <translation>블록 ID 배열이어야 하는데 %1입니다</translation>
    </message>
    <message>
        <source>element %1 must be a whole number, found %2</source>
        <translation>%1번 원소는 정수여야 하는데 %2입니다</translation>
    </message>
    <message>
        <source>element %1 must be a whole number</source>
        <translation>%1번 원소는 정수여야 합니다</translation>
    </message>
    <message>
        <source>element %1 does not fit in 64 bits</source>
        <translation>%1번 원소가 64비트에 들어가지 않습니다</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;]&apos; in hash_ids</source>
        <translation>hash_ids 안에 &apos;,&apos; 또는 &apos;]&apos;이(가) 와야 합니다</translation>
    </message>
    <message>
        <source>must be a number or a string, found %1</source>
        <translation>숫자나 문자열이어야 하는데 %1입니다</translation>
    </message>
    <message>
        <source>must be a whole number in 64 bits</source>
        <translation>64비트 정수여야 합니다</translation>
    </message>
    <message>
        <source>must be a string, found %1</source>
        <translation>문자열이어야 하는데 %1입니다</translation>
    </message>
    <message>
        <source>expected a JSON object, found %1</source>
        <translation>JSON 객체가 와야 하는데 %1입니다</translation>
    </message>
    <message>
        <source>given twice</source>
        <translation>두 번 주어졌습니다</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;}&apos;</source>
        <translation>&apos;,&apos; 또는 &apos;}&apos;이(가) 와야 합니다</translation>
    </message>
    <message>
        <source>unexpected text after the object</source>
        <translation>객체 뒤에 예상하지 못한 텍스트가 있습니다</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>없습니다</translation>
    </message>
    <message>
        <source>%1: unknown trace format %2 (use mooncake or bailian)</source>
        <translation>%1: 알 수 없는 트레이스 형식 %2 (mooncake 또는 bailian을 쓰세요)</translation>
    </message>
    <message>
        <source>line is longer than %1 MiB; refused</source>
        <translation>줄이 %1 MiB보다 길어 거부했습니다</translation>
    </message>
    <message>
        <source>earlier than line %1&apos;s: requests must be in arrival order</source>
        <translation>%1행의 값보다 이릅니다: 요청은 도착 순서대로 있어야 합니다</translation>
    </message>
    <message>
        <source>value</source>
        <translation>값</translation>
    </message>
    <message>
        <source>object</source>
        <translation>객체</translation>
    </message>
    <message>
        <source>object key</source>
        <translation>객체 키</translation>
    </message>
    <message>
        <source>object separator</source>
        <translation>객체 구분자</translation>
    </message>
    <message>
        <source>array</source>
        <translation>배열</translation>
    </message>
    <message>
        <source>end of input</source>
        <translation>입력의 끝</translation>
    </message>
    <message>
        <source>string literal</source>
        <translation>문자열 리터럴</translation>
    </message>
    <message>
        <source>number literal</source>
        <translation>숫자 리터럴</translation>
    </message>
    <message>
        <source>true literal</source>
        <translation>true 리터럴</translation>
    </message>
    <message>
        <source>false literal</source>
        <translation>false 리터럴</translation>
    </message>
    <message>
        <source>null literal</source>
        <translation>null 리터럴</translation>
    </message>
    <message>
        <source>&apos;[&apos;, &apos;{&apos;, or a literal</source>
        <translation>&apos;[&apos;, &apos;{&apos; 또는 리터럴</translation>
    </message>
    <message>
        <source>unknown token</source>
        <translation>알 수 없는 토큰</translation>
    </message>
    <message>
        <source>invalid literal</source>
        <translation>잘못된 리터럴</translation>
    </message>
    <message>
        <source>invalid number</source>
        <translation>잘못된 숫자</translation>
    </message>
    <message>
        <source>invalid string</source>
        <translation>잘못된 문자열</translation>
    </message>
    <message>
        <source>syntax error while parsing %1 - %2</source>
        <translation>%1을(를) 읽는 중 구문 오류 - %2</translation>
    </message>
    <message>
        <source>unexpected %1</source>
        <translation>예상하지 못한 %1</translation>
    </message>
    <message>
        <source>expected %1</source>
        <translation>%1이(가) 와야 합니다</translation>
    </message>
    <message>
        <source>last read: %1</source>
        <translation>마지막으로 읽은 것: %1</translation>
    </message>
    <message>
        <source>%1: more than %2 requests: too many to replay</source>
        <translation>%1: 요청이 %2개를 넘어 재생할 수 없습니다</translation>
    </message>
    <message>
        <source>trace: more than 4 billion distinct blocks (analyse a sample of them)</source>
        <translation>trace: 고유 블록이 40억 개를 넘습니다 (표본을 분석하세요)</translation>
    </message>
    <message>
        <source>trace: the KV bytes per token are negative or not finite</source>
        <translation>trace: 토큰당 KV 바이트가 음수이거나 유한하지 않습니다</translation>
    </message>
    <message>
        <source>trace: a tier capacity is negative or not finite</source>
        <translation>trace: 계층 용량이 음수이거나 유한하지 않습니다</translation>
    </message>
    <message>
        <source>trace: more than 4 billion requests (analyse a sample of them)</source>
        <translation>trace: 요청이 40억 개를 넘습니다 (표본을 분석하세요)</translation>
    </message>
    <message>
        <source>%1: holds no request (an empty trace)</source>
        <translation>%1: 요청이 하나도 없습니다 (빈 트레이스)</translation>
    </message>
    <message>
        <source>%1: the sample kept no request (sample a larger share, or pick trees at the second block when every request starts with the same one)</source>
        <translation>%1: 표본에 남은 요청이 없습니다 (더 큰 비율로 추출하거나, 모든 요청이 같은 블록으로 시작하면 두 번째 블록에서 트리를 고르세요)</translation>
    </message>
    <message>
        <source>%1: no requests: nothing to replay</source>
        <translation>%1: 요청이 없어 재생할 것이 없습니다</translation>
    </message>
    <message>
        <source>%1:%2: field &quot;%3&quot;: input_length %4 + output_length %5 exceeds %6&apos;s maximum context of %7 tokens</source>
        <translation>%1:%2: 필드 &quot;%3&quot;: input_length %4 + output_length %5이(가) %6의 최대 문맥 %7토큰을 넘습니다</translation>
    </message>
    <message>
        <source>%1: %2 request-steps to replay (output tokens plus prefill chunks), more than the %3 a replay runs</source>
        <translation>%1: 재생할 요청-스텝이 %2개(출력 토큰과 프리필 청크의 합)로, 한 번의 재생이 처리하는 %3개를 넘습니다</translation>
    </message>
    <message>
        <source>%1 block ids for input_length %2 (%3 to %4 at %5 tokens per block; is that the trace&apos;s block size?)</source>
        <translation>input_length %2에 블록 ID가 %1개입니다(블록당 %5토큰이면 %3~%4개; 트레이스의 블록 크기가 맞습니까?)</translation>
    </message>
    <message>
        <source>does not fit: HBM holds no sequence of %1 tokens (%2 per GPU left for KV after the weights)</source>
        <translation>들어가지 않음: HBM에 %1 토큰 시퀀스가 하나도 들어가지 않습니다(가중치를 뺀 KV용 공간은 GPU당 %2)</translation>
    </message>
    <message>
        <source>context: %1 tokens is not between 1 and %2 tokens</source>
        <translation>컨텍스트 %1토큰은 1~%2토큰 범위를 벗어납니다</translation>
    </message>
    <message>
        <source>context: %1 tokens is not between 1 and %2 tokens (16 times the longest context of %3)</source>
        <translation>컨텍스트 %1토큰은 1~%2토큰 범위를 벗어납니다 (%3 최대 컨텍스트의 16배)</translation>
    </message>
    <message>
        <source>concurrency: must be between 1 and %1 sequences</source>
        <translation>동시 시퀀스 수는 1~%1이어야 합니다</translation>
    </message>
    <message>
        <source>%1: %2 is not between %3 and %4 tokens</source>
        <translation>%1: %2은(는) %3~%4토큰 범위를 벗어납니다</translation>
    </message>
    <message>
        <source>%1: %2 is not between %3 and %4 sequences</source>
        <translation>%1: %2은(는) %3~%4 시퀀스 범위를 벗어납니다</translation>
    </message>
    <message>
        <source>%1: %2 is not between %3 and %4 bytes</source>
        <translation>%1: %2은(는) %3~%4바이트 범위를 벗어납니다</translation>
    </message>
    <message>
        <source>%1: %2 is not between %3 and %4</source>
        <translation>%1: %2은(는) %3~%4 범위를 벗어납니다</translation>
    </message>
    <message>
        <source>%1 cannot hold one sequence, so there is nothing to replay: %2</source>
        <translation>%1은(는) 시퀀스 하나도 담을 수 없어 재생할 것이 없습니다: %2</translation>
    </message>
    <message>
        <source>the replay misses the targets even on %1 replicas: the trace asks more than any count of this scenario&apos;s replicas serves within them</source>
        <translation>복제본 %1개에서도 재생이 목표를 넘깁니다: 이 시나리오의 복제본으로는 몇 개를 두어도 트레이스를 목표 안에 처리하지 못합니다</translation>
    </message>
    <message>
        <source>dcp: %1 does not divide tp %2 (DCP stripes the KV over GPUs of the TP group)</source>
        <translation>dcp: %1은(는) tp %2를 나누어떨어지게 하지 않습니다(DCP는 KV를 TP 그룹의 GPU들에 나누어 둡니다)</translation>
    </message>
    <message>
        <source>dcp: %1 is more than the %2 copies of its KV that the TP group keeps for %3 (DCP only removes copies)</source>
        <translation>dcp: %1은(는) TP 그룹이 %3의 KV를 두는 사본 %2개보다 많습니다(DCP는 사본을 없앨 뿐입니다)</translation>
    </message>
    <message>
        <source>dcp: %1 with DP attention or expert parallelism is not modelled (an attention rank keeps its own KV; use dcp 1)</source>
        <translation>dcp: %1을(를) DP 어텐션이나 전문가 병렬과 함께 쓰는 경우는 모델링하지 않습니다(어텐션 랭크가 자기 KV만 둡니다. dcp 1을 쓰세요)</translation>
    </message>
    <message>
        <source>replay: %1 states no scale-out network (scale_out), which disaggregated prefill and decode send the KV over</source>
        <translation>replay: %1에는 스케일아웃 네트워크(scale_out)가 없습니다. 프리필·디코드 분리는 KV를 이 네트워크로 보냅니다</translation>
    </message>
    <message>
        <source>fleet: %1: with the first token at prefill, the hand-off of %2 in a request&apos;s first gap keeps its TPOT or TBT above the target</source>
        <translation>fleet: %1: 첫 토큰을 프리필에서 내면 요청의 첫 간격에 든 %2의 KV 전달 때문에 TPOT이나 TBT가 목표를 넘습니다</translation>
    </message>
    <message>
        <source>fleet: %1: disaggregated pools are sized for tensor-parallel replicas; this workload runs expert parallelism with DP attention</source>
        <translation>fleet: %1: 분리된 풀은 텐서 병렬 레플리카로만 크기를 정합니다. 이 워크로드는 DP 어텐션과 전문가 병렬로 실행됩니다</translation>
    </message>
    <message>
        <source>%1 states no scale-out network (scale_out), which disaggregated prefill and decode send the KV over</source>
        <translation>%1에는 스케일아웃 네트워크(scale_out)가 없습니다. 프리필·디코드 분리는 KV를 이 네트워크로 보냅니다</translation>
    </message>
</context>
<context>
    <name>Option</name>
    <message>
        <source>the trace&apos;s format (default: told by its first line)</source>
        <translation>트레이스 형식 (기본값: 첫 줄에서 판별)</translation>
    </message>
    <message>
        <source>tokens per hashed block (default: the format&apos;s own, Mooncake 512, Bailian 16)</source>
        <translation>해시 블록당 토큰 수 (기본값: 형식의 값, Mooncake 512, Bailian 16)</translation>
    </message>
    <message>
        <source>replicas replayed on (default: replicas per server × servers)</source>
        <translation>재생할 레플리카 수 (기본값: 서버당 레플리카 × 서버 수)</translation>
    </message>
    <message>
        <source>traffic × K: every gap between arrivals divided by K</source>
        <translation>트래픽 × K: 요청 도착 간격을 모두 K로 나눕니다</translation>
    </message>
    <message>
        <source>time-to-first-token target</source>
        <translation>첫 토큰까지 시간(TTFT) 목표</translation>
    </message>
    <message>
        <source>time-per-output-token target</source>
        <translation>출력 토큰당 시간(TPOT) 목표</translation>
    </message>
    <message>
        <source>the percentile the TTFT target holds at: 99, 99.9 or mean</source>
        <translation>TTFT 목표를 적용할 백분위수: 99, 99.9 또는 mean(평균)</translation>
    </message>
    <message>
        <source>the percentile the TPOT target holds at: 99, 99.9 or mean</source>
        <translation>TPOT 목표를 적용할 백분위수: 99, 99.9 또는 mean(평균)</translation>
    </message>
    <message>
        <source>fixed tier sizes in trace blocks: HBM&apos;s cache per replica (it then counts cached blocks only), DRAM and SSD per server, or per pool with global routing</source>
        <translation>트레이스 블록 단위로 고정한 계층 크기: 레플리카당 HBM 캐시(이때는 캐시된 블록만 셈), 서버당 D램과 SSD, global 라우팅이면 풀당</translation>
    </message>
    <message>
        <source>HBM&apos;s prefix cache per replica in trace blocks (default: what the active requests leave)</source>
        <translation>레플리카당 HBM 프리픽스 캐시, 트레이스 블록 단위 (기본값: 실행 중인 요청이 남긴 만큼)</translation>
    </message>
    <message>
        <source>DRAM per server (per pool with global routing) in trace blocks (default: the scenario&apos;s)</source>
        <translation>서버당 D램(global 라우팅이면 풀당), 트레이스 블록 단위 (기본값: 시나리오의 값)</translation>
    </message>
    <message>
        <source>SSD per server (per pool with global routing) in trace blocks (default: the scenario&apos;s)</source>
        <translation>서버당 SSD(global 라우팅이면 풀당), 트레이스 블록 단위 (기본값: 시나리오의 값)</translation>
    </message>
    <message>
        <source>how DRAM and SSD keep blocks: each block written down, or moved between tiers (default: the restore path&apos;s)</source>
        <translation>D램과 SSD가 블록을 두는 방식: 모든 블록을 아래로 기록하거나, 계층 사이에서 옮김 (기본값: 복원 경로의 방식)</translation>
    </message>
    <message>
        <source>a step&apos;s token budget (default: vLLM&apos;s for the GPU, 8192 from 70 GiB of HBM except A100, else 2048)</source>
        <translation>한 스텝의 토큰 예산 (기본값: GPU에 대한 vLLM의 값, A100을 제외하고 HBM 70 GiB 이상이면 8192, 아니면 2048)</translation>
    </message>
    <message>
        <source>sequences a replica runs at once (default: vLLM&apos;s, 1024 with 8192 batched tokens, else 256)</source>
        <translation>레플리카가 동시에 실행하는 시퀀스 수 (기본값: vLLM의 값, 배치 토큰 8192이면 1024, 아니면 256)</translation>
    </message>
    <message>
        <source>replays in a sweep</source>
        <translation>스윕의 재생 횟수</translation>
    </message>
    <message>
        <source>capacities in blocks the curve shows beside its own</source>
        <translation>곡선에 함께 표시할 용량(블록 단위)</translation>
    </message>
    <message>
        <source>the share of prefix trees kept (SHARDS sampling)</source>
        <translation>남길 프리픽스 트리의 비율 (SHARDS 표본 추출)</translation>
    </message>
    <message>
        <source>the block whose prefix key picks a request&apos;s tree (1: the first hash id)</source>
        <translation>요청의 트리를 고르는 프리픽스 키의 블록 위치 (1: 첫 해시 ID)</translation>
    </message>
    <message>
        <source>one cache pool, or one cache per server behind the routing</source>
        <translation>하나의 캐시 풀, 또는 라우팅 뒤의 서버마다 하나의 캐시</translation>
    </message>
    <message>
        <source>a built-in outlook, an outlook card file or a saved outlook&apos;s name (default steady)</source>
        <translation>내장 전망, 전망 카드 파일 또는 저장된 전망의 이름 (기본값 steady)</translation>
    </message>
    <message>
        <source>bytes in decimal (TB, PB, EB: memory as sold) or binary units (TiB, PiB)</source>
        <translation>바이트를 십진 단위(TB, PB, EB: 메모리 판매 단위) 또는 이진 단위(TiB, PiB)로 표시</translation>
    </message>
    <message>
        <source>each tornado driver moved by ± R of its value; a rate by ± R × 50 points</source>
        <translation>토네이도의 각 요인을 값의 ± R만큼 움직임. 비율은 ± R × 50%p</translation>
    </message>
    <message>
        <source>prompt (cached or not) + output tokens a day, all workloads</source>
        <translation>모든 워크로드의 하루 프롬프트(캐시 여부 무관) + 출력 토큰 수</translation>
    </message>
    <message>
        <source>the year&apos;s time-to-first-token target</source>
        <translation>해당 연도의 첫 토큰까지 시간(TTFT) 목표</translation>
    </message>
    <message>
        <source>the year&apos;s time-per-output-token target</source>
        <translation>해당 연도의 출력 토큰당 시간(TPOT) 목표</translation>
    </message>
    <message>
        <source>a workload&apos;s share of the year&apos;s requests; the year&apos;s shares sum to 1</source>
        <translation>해당 연도 요청 중 한 워크로드의 비중. 연도의 비중 합은 1</translation>
    </message>
    <message>
        <source>the traffic mix: workload ids or files and their shares of requests (normalised; 1 if left out); an entry may carry its own targets: ID=SHARE:ttft=S:ttft-percentile=P:tpot=S:tpot-percentile=P</source>
        <translation>트래픽 구성: 워크로드 ID 또는 파일과 각 요청 비중(정규화됨, 생략하면 1). 항목마다 자체 목표를 줄 수 있습니다: ID=SHARE:ttft=S:ttft-percentile=P:tpot=S:tpot-percentile=P</translation>
    </message>
    <message>
        <source>total traffic of the whole mix, in requests per second</source>
        <translation>전체 구성의 총 트래픽(초당 요청 수)</translation>
    </message>
    <message>
        <source>total traffic as prompt + output tokens per day of all workloads, instead of requests per second</source>
        <translation>초당 요청 수 대신, 모든 워크로드의 하루 프롬프트 + 출력 토큰으로 준 총 트래픽</translation>
    </message>
    <message>
        <source>time-to-first-token target: queue wait plus the request&apos;s own prefill, under Poisson arrivals</source>
        <translation>첫 토큰까지 시간(TTFT) 목표: 포아송 도착에서의 대기열 대기와 요청 자신의 프리필을 더한 값</translation>
    </message>
    <message>
        <source>time-per-output-token target (one decode step): caps the sequences per replica</source>
        <translation>출력 토큰당 시간 목표(디코딩 한 단계): 레플리카당 시퀀스 수의 상한을 정합니다</translation>
    </message>
    <message>
        <source>one workload&apos;s override (chat.context=8k, chat.kv_dtype=fp8) or model card (chat.model=ID)</source>
        <translation>워크로드 하나의 재정의 값(chat.context=8k, chat.kv_dtype=fp8) 또는 모델 카드(chat.model=ID)</translation>
    </message>
    <message>
        <source>one fleet per server profile (hardware id or file), the traffic split by share (shares add up to 1), the figures summed</source>
        <translation>서버 구성(하드웨어 ID 또는 파일)마다 플릿 하나: 트래픽을 비중대로 나누고(비중 합은 1) 수치를 합산합니다</translation>
    </message>
    <message>
        <source>each variable moved down and up by this share of its value, the others held (rates by half as many points, the KV format one step): 0.5 or 50%</source>
        <translation>각 변수를 값의 이 비율만큼 내리고 올리며 나머지는 고정합니다(비율 값은 그 절반만큼 포인트로, KV 형식은 한 단계): 0.5 또는 50%</translation>
    </message>
    <message>
        <source>the tornado of a whole fleet, from the fleet&apos;s options: each variable moved on every workload at once and the fleet sized again; active sequences move through its TPOT target</source>
        <translation>플릿 옵션으로 정한 플릿 전체의 토네이도: 각 변수를 모든 워크로드에서 동시에 움직이고 플릿 규모를 다시 산정합니다. 활성 시퀀스는 출력 토큰당 시간 목표를 통해 움직입니다</translation>
    </message>
    <message>
        <source>bytes in binary units (GiB) or decimal ones (GB, as memory is sold)</source>
        <translation>바이트를 이진 단위(GiB) 또는 메모리 판매 단위인 십진 단위(GB)로 표시</translation>
    </message>
    <message>
        <source>where arrivals go: one central queue dispatching to the replica that can start it soonest, a replica chosen on arrival (by load, in turn, by prefix, at random, or by estimated TTFT: cache-aware), or a central queue with one DRAM/SSD pool (global)</source>
        <translation>도착한 요청을 보내는 곳: 가장 빨리 시작할 수 있는 레플리카에 배정하는 하나의 중앙 대기열, 도착 시 고른 레플리카(부하, 차례, 프리픽스, 무작위, 또는 예상 TTFT 기준: cache-aware), 또는 하나의 D램/SSD 풀을 쓰는 중앙 대기열(global)</translation>
    </message>
    <message>
        <source>where round-robin and load-based routing start their scan, and random routing&apos;s draws</source>
        <translation>라운드 로빈과 부하 기반 라우팅이 탐색을 시작하는 위치, 그리고 무작위 라우팅의 추첨</translation>
    </message>
    <message>
        <source>cache-aware routing passes over a replica whose queued prefill exceeds the least loaded&apos;s by more than this</source>
        <translation>cache-aware 라우팅은 대기 중인 프리필이 가장 한가한 레플리카보다 이 값 이상 많은 레플리카를 건너뜁니다</translation>
    </message>
    <message>
        <source>the outlook&apos;s sources, numbered, each with the figures it gives</source>
        <translation>전망의 출처를 번호와 함께, 각 출처가 뒷받침하는 수치와 함께 출력</translation>
    </message>
    <message>
        <source>split each tier&apos;s growth from the first year to the last into one factor per driver group</source>
        <translation>첫해부터 마지막 해까지 각 계층의 증가를 요인 그룹마다 하나의 배수로 분해</translation>
    </message>
    <message>
        <source>every request&apos;s output tokens, 1 for prefill only (default: the trace&apos;s)</source>
        <translation>모든 요청의 출력 토큰 수, 1이면 프리필만 (기본값: 트레이스의 값)</translation>
    </message>
    <message>
        <source>installed base, shipments and bit supply in bytes or in gigabits (Gb)</source>
        <translation>설치 기반, 출하량, 비트 공급을 바이트 또는 기가비트(Gb)로</translation>
    </message>
    <message>
        <source>the most request-steps (output tokens plus prefill chunks) a replay runs before it refuses the trace: a bound on its time, 2e9 (minutes) unless given</source>
        <translation>재생이 트레이스를 거부하기 전까지 처리하는 최대 요청-스텝 수(출력 토큰과 프리필 청크의 합): 재생 시간의 상한이며, 지정하지 않으면 2e9(수 분)입니다</translation>
    </message>
    <message>
        <source>a workload&apos;s requests a day, in a year driven by demand</source>
        <translation>수요가 이끄는 해의 워크로드 하루 요청 수</translation>
    </message>
    <message>
        <source>a workload&apos;s sessions a day, in a year driven by demand</source>
        <translation>수요가 이끄는 해의 워크로드 하루 세션 수</translation>
    </message>
    <message>
        <source>requests (turns) per session of a workload given in sessions a day</source>
        <translation>하루 세션 수로 주어진 워크로드의 세션당 요청(턴) 수</translation>
    </message>
    <message>
        <source>a hardware profile&apos;s share of the year&apos;s traffic; the year&apos;s shares sum to 1</source>
        <translation>하드웨어 프로필이 그해 트래픽에서 차지하는 비중; 그해 비중의 합은 1</translation>
    </message>
    <message>
        <source>time-between-tokens target, held by each request&apos;s TBT as Mooncake measures it (the mean of its longest 10% of gaps); none unless given</source>
        <translation>토큰 간 시간(TBT) 목표. 요청마다 Mooncake 방식으로 잰 TBT(가장 긴 10% 간격의 평균)로 판정합니다. 주지 않으면 없습니다</translation>
    </message>
    <message>
        <source>the percentile of requests the TBT target holds at: 99, 99.9 or mean</source>
        <translation>TBT 목표를 판정하는 요청 백분위수: 99, 99.9 또는 mean</translation>
    </message>
    <message>
        <source>disaggregated prefill and decode: replicas that only prefill (with --decode-replicas)</source>
        <translation>프리필·디코드 분리: 프리필만 하는 레플리카 수(--decode-replicas와 함께)</translation>
    </message>
    <message>
        <source>disaggregated prefill and decode: replicas that only decode, each request sent to the least loaded</source>
        <translation>프리필·디코드 분리: 디코드만 하는 레플리카 수. 요청은 부하가 가장 적은 레플리카로 갑니다</translation>
    </message>
    <message>
        <source>disaggregated: the replica that emits the first token (default: decode, after the transfer)</source>
        <translation>분리 구성: 첫 토큰을 내는 레플리카(기본: 전송 뒤의 디코드)</translation>
    </message>
    <message>
        <source>disaggregated: the share of the KV transfer streamed layer by layer during the prefill (0: all after it, the default; 1: every layer as it is computed)</source>
        <translation>분리 구성: 프리필 중에 레이어별로 흘려 보내는 KV 전송의 비율(0: 모두 프리필 뒤, 기본값; 1: 레이어마다 계산되는 대로)</translation>
    </message>
    <message>
        <source>disaggregated: where the DRAM/SSD prefix cache lives: each prefill server&apos;s own (the default), the decode servers&apos;, or one pool across the prefill servers (shared); a hit off the prefill server crosses the scale-out network</source>
        <translation>분리 구성: D램/SSD 프리픽스 캐시의 위치: 프리필 서버마다 자기 것(기본), 디코드 서버의 것, 또는 프리필 서버 전체의 공용 풀(shared). 프리필 서버 밖에서 적중하면 스케일아웃 네트워크를 건넙니다</translation>
    </message>
    <message>
        <source>replay at several values of DRAM or SSD per server (0, then log-spaced from a tenth of the knee of the trace&apos;s hit curve), of the replica count (from the least stable count to twice it), or of the traffic scale (rate: evenly up to past where the targets fail, then bisected to 1%: the effective request capacity)</source>
        <translation>서버당 D램이나 SSD(0, 그다음 트레이스 적중 곡선 무릎점의 10분의 1부터 로그 간격), 레플리카 수(안정적인 최소 개수부터 그 두 배까지), 또는 트래픽 배율(rate: 목표가 깨지는 지점 너머까지 고른 간격, 그다음 1%까지 이분 탐색: 유효 요청 용량)을 여러 값으로 바꾸며 재생</translation>
    </message>
    <message>
        <source>a sweep&apos;s values instead of its points: blocks per server (per pool with global routing), replicas, or traffic scales, e.g. 1000,5000,20000</source>
        <translation>점 개수 대신 스윕할 값: 서버당 블록 수(global 라우팅이면 풀당), 레플리카 수 또는 트래픽 배율, 예: 1000,5000,20000</translation>
    </message>
    <message>
        <source>time-between-tokens target: a request&apos;s TBT as Mooncake measures it (the mean of its longest 10% of token gaps) at --tbt-percentile; none by default</source>
        <translation>토큰 간 시간(TBT) 목표: Mooncake 방식으로 잰 요청의 TBT(가장 긴 10% 토큰 간격의 평균)를 --tbt-percentile에서 판정합니다. 기본값은 없습니다</translation>
    </message>
    <message>
        <source>colocated: each replica prefills and decodes; disaggregated: a prefill pool and a decode pool per workload, the KV sent between them over the scale-out network, each pool sized for its own target</source>
        <translation>colocated: 레플리카마다 프리필과 디코드를 함께 합니다. disaggregated: 워크로드마다 프리필 풀과 디코드 풀을 두고 KV를 스케일아웃 네트워크로 보내며, 풀마다 자기 목표에 맞춰 크기를 정합니다</translation>
    </message>
    <message>
        <source>the percentile over requests the TBT target holds at</source>
        <translation>TBT 목표를 판정하는 요청 백분위수</translation>
    </message>
</context>
<context>
    <name>OutlookDocument</name>
    <message>
        <source>share of %1</source>
        <translation>%1 비중</translation>
    </message>
</context>
<context>
    <name>OutlookDriver</name>
    <message>
        <source>Tokens per day</source>
        <translation>일일 토큰 수</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%2의 %1</translation>
    </message>
    <message>
        <source>Share of %1</source>
        <translation>%1 비중</translation>
    </message>
    <message>
        <source>Share of MLA/hybrid models</source>
        <translation>MLA/하이브리드 모델 비중</translation>
    </message>
    <message>
        <source>Hardware generation</source>
        <translation>하드웨어 세대</translation>
    </message>
    <message>
        <source>TTFT target</source>
        <translation>TTFT 목표</translation>
    </message>
</context>
<context>
    <name>OutlookDrivers</name>
    <message>
        <source>%1 is driven by each workload&apos;s requests a day: its tokens and shares follow from them</source>
        <translation>%1년은 각 워크로드의 하루 요청 수가 이끕니다: 토큰과 비중은 그로부터 나옵니다</translation>
    </message>
    <message>
        <source>the other workloads have no share to take up the rest</source>
        <translation>나머지를 받을 다른 워크로드의 비중이 없습니다</translation>
    </message>
    <message>
        <source>%1 is driven by tokens per day and each workload&apos;s share: it gives no workload&apos;s requests or sessions a day</source>
        <translation>%1년은 하루 토큰 수와 각 워크로드의 비중이 이끕니다: 워크로드의 하루 요청 수나 세션 수를 주지 않습니다</translation>
    </message>
    <message>
        <source>%1: %2 is given in requests a day, not in sessions: set its requests a day</source>
        <translation>%1: %2은(는) 세션이 아니라 하루 요청 수로 주어집니다: 하루 요청 수를 설정하세요</translation>
    </message>
</context>
<context>
    <name>OutlookExport</name>
    <message>
        <source>%1: an outlook chart exports as .png, .svg or .pdf</source>
        <translation>%1: 전망 차트는 .png, .svg 또는 .pdf로 내보냅니다</translation>
    </message>
    <message>
        <source>Outlook %1, a scenario, not a forecast: every figure follows from the card&apos;s inputs. Needed bytes per tier as an index of %2 (unitless); decimal units (1 PB = 10^15 B). Sources: %3. Assumptions: %4. kvtiers %5.</source>
        <translation>전망 %1: 예측이 아닌 시나리오이며, 모든 수치는 카드의 입력에서 나옵니다. 계층별 필요 바이트는 %2년 대비 지수(단위 없음), 십진 단위(1 PB = 10^15 B). 출처: %3. 가정: %4. kvtiers %5.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <source>%1: a scenario, not a forecast</source>
        <translation>%1: 예측이 아닌 시나리오</translation>
    </message>
    <message>
        <source>%1: bytes needed per tier (a scenario, not a forecast)</source>
        <translation>%1: 계층별 필요 바이트 (예측이 아닌 시나리오)</translation>
    </message>
    <message>
        <source>%1: the decomposition is not computed yet</source>
        <translation>%1: 분해가 아직 계산되지 않았습니다</translation>
    </message>
    <message>
        <source>%1: what made each tier grow, %2 to %3 (a scenario, not a forecast)</source>
        <translation>%1: %2년에서 %3년까지 각 계층을 키운 요인 (예측이 아닌 시나리오)</translation>
    </message>
    <message>
        <source>%1: the tornado is not computed yet</source>
        <translation>%1: 토네이도가 아직 계산되지 않았습니다</translation>
    </message>
    <message>
        <source>%1: what moves %2 in %3 (a scenario, not a forecast)</source>
        <translation>%1: %3년 %2을(를) 움직이는 요인 (예측이 아닌 시나리오)</translation>
    </message>
</context>
<context>
    <name>OutlookGroup</name>
    <message>
        <source>No tier&apos;s growth can be split.</source>
        <translation>어느 계층의 증가도 분해할 수 없습니다.</translation>
    </message>
    <message>
        <source>%1 grows fastest: %2 from %3 to %4; no driver group raises it.</source>
        <translation>%1이(가) 가장 빠르게 늘어납니다: %3년부터 %4년까지 %2. 이를 높이는 요인 그룹은 없습니다.</translation>
    </message>
    <message>
        <source>%1 grows fastest: %2 from %3 to %4, most of it from %5 (%6).</source>
        <translation>%1이(가) 가장 빠르게 늘어납니다: %3년부터 %4년까지 %2, 가장 큰 몫은 %5(%6)입니다.</translation>
    </message>
    <message>
        <source>Tokens per day</source>
        <translation>일일 토큰 수</translation>
    </message>
    <message>
        <source>Workload mix</source>
        <translation>워크로드 구성</translation>
    </message>
    <message>
        <source>Context and output</source>
        <translation>컨텍스트와 출력</translation>
    </message>
    <message>
        <source>Reuse and retention</source>
        <translation>재사용과 보존</translation>
    </message>
    <message>
        <source>KV format</source>
        <translation>KV 형식</translation>
    </message>
    <message>
        <source>Model architecture</source>
        <translation>모델 아키텍처</translation>
    </message>
    <message>
        <source>Hardware per GPU</source>
        <translation>GPU당 하드웨어</translation>
    </message>
    <message>
        <source>Latency targets</source>
        <translation>지연 시간 목표</translation>
    </message>
</context>
<context>
    <name>OutlookText</name>
    <message>
        <source>%1 trillion/day</source>
        <translation>%1조/일</translation>
    </message>
    <message>
        <source>%1 tokens/day</source>
        <translation>%1 토큰/일</translation>
    </message>
</context>
<context>
    <name>PercentInput</name>
    <message>
        <source>%1: took “%2” as %3</source>
        <translation>%1: “%2”을(를) %3(으)로 받았습니다</translation>
    </message>
</context>
<context>
    <name>PresetMessages</name>
    <message>
        <source>a preset needs a name</source>
        <translation>프리셋에는 이름이 있어야 합니다</translation>
    </message>
    <message>
        <source>a preset name has at most %1 characters</source>
        <translation>프리셋 이름은 최대 %1자입니다</translation>
    </message>
    <message>
        <source>a preset name cannot contain control characters</source>
        <translation>프리셋 이름에는 제어 문자를 쓸 수 없습니다</translation>
    </message>
    <message>
        <source>a preset called &quot;%1&quot; exists already</source>
        <translation>&quot;%1&quot; 프리셋이 이미 있습니다</translation>
    </message>
    <message>
        <source>a preset called &quot;%1&quot; exists already; rename it first</source>
        <translation>&quot;%1&quot; 프리셋이 이미 있습니다. 먼저 이름을 바꾸세요</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a built-in preset and cannot be changed; save under another name</source>
        <translation>&quot;%1&quot;은(는) 기본 제공 프리셋이라 바꿀 수 없습니다. 다른 이름으로 저장하세요</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a built-in preset and cannot be renamed</source>
        <translation>&quot;%1&quot;은(는) 기본 제공 프리셋이라 이름을 바꿀 수 없습니다</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a built-in preset and cannot be deleted</source>
        <translation>&quot;%1&quot;은(는) 기본 제공 프리셋이라 삭제할 수 없습니다</translation>
    </message>
    <message>
        <source>no preset called &quot;%1&quot;</source>
        <translation>&quot;%1&quot; 프리셋이 없습니다</translation>
    </message>
    <message>
        <source>%1: could not be removed after writing the renamed copy; nothing changed</source>
        <translation>%1: 새 이름의 사본을 쓴 뒤 이 파일을 지우지 못해 사본을 되돌렸습니다. 바뀐 것은 없습니다</translation>
    </message>
    <message>
        <source>%1: could not be deleted</source>
        <translation>%1: 삭제하지 못했습니다</translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation>폴더 %1을(를) 만들 수 없습니다</translation>
    </message>
    <message>
        <source>%1: cannot be written: %2</source>
        <translation>%1: 쓸 수 없습니다: %2</translation>
    </message>
    <message>
        <source>%1: writing failed half way (simulated); the previous file, if any, is unchanged</source>
        <translation>%1: 쓰기가 중간에 실패했습니다(모의 실패). 이전 파일이 있었다면 그대로입니다</translation>
    </message>
    <message>
        <source>%1: writing failed: %2</source>
        <translation>%1: 쓰기에 실패했습니다: %2</translation>
    </message>
    <message>
        <source>%1: could not be saved (%2); the previous file, if any, is unchanged</source>
        <translation>%1: 저장하지 못했습니다(%2). 이전 파일이 있었다면 그대로입니다</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: scenario: %2</source>
        <translation>%1: 시나리오: %2</translation>
    </message>
    <message>
        <source>%1: another preset is already called &quot;%2&quot;</source>
        <translation>%1: &quot;%2&quot;(이)라는 프리셋이 이미 있습니다</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>읽을 수 없습니다: %1</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1: size %2 × %3 is outside 16 to 20000</source>
        <translation>%1: 크기(%2 × %3)가 16~20000 범위를 벗어났습니다</translation>
    </message>
    <message>
        <source>%1: scale %2 is outside 0.25 to 8</source>
        <translation>%1: 배율(%2)이 0.25~8 범위를 벗어났습니다</translation>
    </message>
    <message>
        <source>%1: could not render the PNG image</source>
        <translation>%1: PNG 이미지를 만들 수 없습니다</translation>
    </message>
    <message>
        <source>Exported by kvtiers %1</source>
        <translation>kvtiers %1에서 내보냄</translation>
    </message>
    <message>
        <source>%1: could not start the SVG</source>
        <translation>%1: SVG를 시작할 수 없습니다</translation>
    </message>
    <message>
        <source>%1: could not start the PDF</source>
        <translation>%1: PDF를 시작할 수 없습니다</translation>
    </message>
    <message>
        <source>%1: a chart is exported as .png, .svg or .pdf</source>
        <translation>%1: 차트는 .png, .svg, .pdf로 내보낼 수 있습니다</translation>
    </message>
    <message>
        <source>%1: unsupported file type (use %2)</source>
        <translation>%1: 지원하지 않는 파일 형식입니다(%2 사용)</translation>
    </message>
    <message>
        <source>Bytes per replica, decimal units (1 GB = 10^9 B). Differences are against A. kvtiers %1.</source>
        <translation>레플리카당 바이트, 십진 단위(1 GB = 10^9 B). 차이는 A 대비입니다. kvtiers %1.</translation>
    </message>
    <message>
        <source>Bytes per replica, binary units (1 GiB = 2^30 B). Differences are against A. kvtiers %1.</source>
        <translation>레플리카당 바이트, 이진 단위(1 GiB = 2^30 B). 차이는 A 대비입니다. kvtiers %1.</translation>
    </message>
    <message>
        <source> vs </source>
        <translation> 대 </translation>
    </message>
    <message>
        <source>Traffic %1 tokens/day = %2 requests/s</source>
        <translation>트래픽: 하루 %1토큰 = 초당 요청 %2건</translation>
    </message>
    <message>
        <source>Traffic %1 requests/s</source>
        <translation>트래픽: 초당 요청 %1건</translation>
    </message>
    <message>
        <source>targets: time to first token %1 at %2 under Poisson load, time per output token %3 at %4</source>
        <translation>목표: 포아송 부하에서 첫 토큰까지 시간 %1(%2), 출력 토큰당 시간 %3(%4)</translation>
    </message>
    <message>
        <source>%1, %2 of requests: %3, KV %4/token, context %5, %6 sequences per replica, replicas: %7 × TP %8</source>
        <translation>%1(요청의 %2): %3, 토큰당 KV %4, 문맥 길이 %5, 레플리카당 시퀀스 %6개, 레플리카: %7 × TP %8</translation>
    </message>
    <message>
        <source>%1 in %2 of %3 (%4), HBM installed %5</source>
        <translation>%3짜리 %2(%4)에 %1, 장착 HBM %5</translation>
    </message>
    <message>
        <source>%1  %2: %3 on %4 · %5</source>
        <translation>%1  %2: %3 (%4) · %5</translation>
    </message>
    <message>
        <source>and %1 more (the CSV and JSON exports list every workload)</source>
        <translation>외 %1개(CSV·JSON 내보내기에는 모든 워크로드가 들어 있습니다)</translation>
    </message>
    <message>
        <source>HBM: weights, active sequences and overflow (not prefixes cached in spare HBM); DRAM and NVMe: bytes used</source>
        <translation>HBM: 가중치, 활성 시퀀스, 초과분(남는 HBM에 캐시된 프리픽스 제외); D램과 NVMe: 사용 바이트</translation>
    </message>
    <message>
        <source>Decimal units (1 GB = 10^9 B)</source>
        <translation>십진 단위(1 GB = 10^9 B)</translation>
    </message>
    <message>
        <source>Binary units (1 GiB = 2^30 B)</source>
        <translation>이진 단위(1 GiB = 2^30 B)</translation>
    </message>
    <message>
        <source>Fleet memory for %1 requests/s</source>
        <translation>플릿 메모리: 초당 요청 %1건</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: 쓸 수 없습니다: %2</translation>
    </message>
    <message>
        <source>%1: write failed: %2</source>
        <translation>%1: 쓰기 실패: %2</translation>
    </message>
    <message>
        <source>%1: could not be saved: %2</source>
        <translation>%1: 저장하지 못했습니다: %2</translation>
    </message>
    <message>
        <source>KV cache across HBM, DRAM and SSD: %1 on %2</source>
        <translation>HBM·D램·SSD에 걸친 KV 캐시: %1 (%2)</translation>
    </message>
    <message>
        <source>context %1 tokens, %2 sequences per replica, KV %3, weights %4-bit, TP %5, reuse %6 (achieved %7), GPUs per server: %8</source>
        <translation>문맥 길이 %1토큰, 레플리카당 시퀀스 %2개, KV %3, 가중치 %4비트, TP %5, 재사용률 %6(달성 %7), 서버당 GPU: %8</translation>
    </message>
    <message>
        <source>Model: %1 · Hardware: %2 (%3 per server, %4) · Context %5 tokens (%6 output) · %7 active sequences per replica</source>
        <translation>모델: %1 · 하드웨어: %2 (서버당 %3, %4) · 문맥 길이 %5토큰 (출력 %6) · 레플리카당 활성 시퀀스 %7개</translation>
    </message>
    <message>
        <source>1 server</source>
        <translation>서버 1대</translation>
    </message>
    <message>
        <source>%1 servers</source>
        <translation>서버 %1대</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>GPU 1개</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>GPU %1개</translation>
    </message>
    <message>
        <source>1 replica</source>
        <translation>레플리카 1개</translation>
    </message>
    <message>
        <source>%1 replicas</source>
        <translation>레플리카 %1개</translation>
    </message>
    <message>
        <source>rates: ±%1 points; </source>
        <translation>비율 변수: ±%1%p; </translation>
    </message>
    <message>
        <source>%1: ±%2 points; </source>
        <translation>%1: ±%2%p; </translation>
    </message>
    <message>
        <source>KV %1 · weights %2-bit · TP %3 · reuse %4 requested, %5 achieved · sharing %6 · offload %7 · %8 allocation, blocks of %9 · GPU memory utilisation %10%11%12</source>
        <translation>KV %1 · 가중치 %2비트 · TP %3 · 재사용률 요청 %4, 달성 %5 · 공유 %6 · 오프로딩 %7 · %8 할당, 블록 %9 · GPU 메모리 사용률 %10%11%12</translation>
    </message>
    <message>
        <source>paged</source>
        <comment>allocation policy</comment>
        <translation>페이지</translation>
    </message>
    <message>
        <source>contiguous</source>
        <comment>allocation policy</comment>
        <translation>연속</translation>
    </message>
    <message>
        <source> · streaming</source>
        <translation> · 스트리밍</translation>
    </message>
    <message>
        <source> · inclusive tiers</source>
        <translation> · 포함형 계층</translation>
    </message>
    <message>
        <source>Decimal units (1 GB = 10^9 B) · KV per token %1, per request %2, hot set %3 · kvtiers %4</source>
        <translation>십진 단위(1 GB = 10^9 B) · 토큰당 KV %1, 요청당 %2, 활성 작업집합 %3 · kvtiers %4</translation>
    </message>
    <message>
        <source>Binary units (1 GiB = 2^30 B) · KV per token %1, per request %2, hot set %3 · kvtiers %4</source>
        <translation>이진 단위(1 GiB = 2^30 B) · 토큰당 KV %1, 요청당 %2, 활성 작업집합 %3 · kvtiers %4</translation>
    </message>
    <message>
        <source>Fleet memory for %1 requests/s on %2</source>
        <translation>플릿 메모리: 초당 요청 %1건 (%2)</translation>
    </message>
    <message>
        <source>%1: unsupported file type (use .png, .svg, .pdf or .csv)</source>
        <translation>%1: 지원하지 않는 파일 형식입니다(.png, .svg, .pdf, .csv 사용)</translation>
    </message>
    <message>
        <source>%1, moved down: cannot be sized: %2</source>
        <translation>%1(내렸을 때): 플릿 규모 산정 불가: %2</translation>
    </message>
    <message>
        <source>%1, moved up: cannot be sized: %2</source>
        <translation>%1(올렸을 때): 플릿 규모 산정 불가: %2</translation>
    </message>
    <message>
        <source>... and %1 more ends that cannot be sized</source>
        <translation>... 외에 산정할 수 없는 막대 끝 %1개</translation>
    </message>
    <message>
        <source>Demand per server as %1 varies, the rest held.</source>
        <translation>%1 변화에 따른 서버당 수요(나머지 고정).</translation>
    </message>
    <message>
        <source>Fleet-wide demand as the time-per-output-token target varies (it sets the active sequences per replica), the rest held; gaps: the fleet cannot be sized there.</source>
        <translation>출력 토큰당 시간 목표 변화에 따른 플릿 전체 수요(이 목표가 레플리카당 활성 시퀀스 수를 정함, 나머지 고정). 빈 구간: 플릿 규모를 산정할 수 없는 곳.</translation>
    </message>
    <message>
        <source>Fleet-wide demand as %1 varies on every workload at once, the rest held; gaps: the fleet cannot be sized there.</source>
        <translation>모든 워크로드의 %1 동시 변화에 따른 플릿 전체 수요(나머지 고정). 빈 구간: 플릿 규모를 산정할 수 없는 곳.</translation>
    </message>
    <message>
        <source>Each variable moved by ±%1 of its value on every workload of the mix at once (%2KV format: one step along 4, 8, 16, 32 bits; active sequences: through the TPOT target), the rest held, and the fleet sized again.</source>
        <translation>각 변수를 트래픽 구성의 모든 워크로드에서 동시에 값의 ±%1만큼 움직이고(%2KV 형식: 4, 8, 16, 32비트에서 한 단계씩, 활성 시퀀스: TPOT 목표를 통해), 나머지는 고정한 채 플릿 규모를 다시 산정했습니다.</translation>
    </message>
    <message>
        <source>Each variable moved by ±%1 of its value (%2KV format: one step along 4, 8, 16, 32 bits), the rest held.</source>
        <translation>각 변수를 값의 ±%1만큼 움직이고(%2KV 형식: 4, 8, 16, 32비트에서 한 단계씩), 나머지는 고정했습니다.</translation>
    </message>
    <message>
        <source>Sensitivity of KV memory demand: %1 on %2</source>
        <translation>KV 메모리 수요 민감도: %1 (%2)</translation>
    </message>
    <message>
        <source>Model: %1 · Hardware: %2 (%3 per server, DRAM %4, NVMe %5 per server)</source>
        <translation>모델: %1 · 하드웨어: %2 (서버당 %3, 서버당 D램 %4, NVMe %5)</translation>
    </message>
    <message>
        <source>%1 HBM counts weights, hot set and overflow. %2 · kvtiers %3</source>
        <translation>%1 HBM에는 가중치, 활성 작업집합, 초과분이 포함됩니다. %2 · kvtiers %3</translation>
    </message>
    <message>
        <source>Fleet sensitivity: %1 at %2 requests/s</source>
        <translation>플릿 민감도: %1, 초당 요청 %2건</translation>
    </message>
    <message>
        <source>%1: %2, KV %3/token, %4 sequences × %5</source>
        <translation>%1: %2, 토큰당 KV %3, 시퀀스 %4개 × %5</translation>
    </message>
    <message>
        <source>Server: %1 · Targets: TTFT %2, time per output token %3 · Base: %4 in %5 of %6; fleet-wide HBM %7, DRAM %8, NVMe %9</source>
        <translation>서버: %1 · 목표: TTFT %2, 출력 토큰당 시간 %3 · 기준: %6짜리 %5에 %4, 플릿 전체 HBM %7, D램 %8, NVMe %9</translation>
    </message>
    <message>
        <source>%1 %2 · kvtiers %3</source>
        <translation>%1 %2 · kvtiers %3</translation>
    </message>
    <message>
        <source>LRU prefix-cache hit ratio of %1</source>
        <translation>%1의 LRU 프리픽스 캐시 적중률</translation>
    </message>
    <message>
        <source>%1 requests, %2 block references, %3 distinct blocks of %4 tokens; a block is %5 of %6 KV. Reuse ceiling %7 of prompt blocks. Bands: the scenario&apos;s tiers with the share of prompt tokens each serves. kvtiers %8.</source>
        <translation>요청 %1건, 블록 참조 %2회, 서로 다른 %4토큰 블록 %3개; 블록 하나는 %6 KV %5. 재사용 상한: 프롬프트 블록의 %7. 띠: 시나리오의 티어와 각 티어가 제공하는 프롬프트 토큰 비율. kvtiers %8.</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>평균</translation>
    </message>
    <message>
        <source>MLA: the hot set is %1 per copy and %2 on the replica, as the bars show: vLLM keeps the latent KV whole on each of the %3 TP GPUs.</source>
        <translation>MLA: 핫 세트는 복사본당 %1, 레플리카 전체로는 막대가 보여 주듯 %2입니다. vLLM은 잠재 KV를 %3개 TP GPU 각각에 통째로 둡니다.</translation>
    </message>
    <message>
        <source>Overflow: %1 per replica fits in no tier; more than HBM holds, it is drawn on a scale of its own.</source>
        <translation>초과분: 복제본당 %1은 어느 계층에도 들어가지 않습니다. HBM 용량보다 커서 자체 눈금으로 그렸습니다.</translation>
    </message>
    <message>
        <source>Overflow: %1 per replica fits in no tier; it is drawn on HBM&apos;s scale.</source>
        <translation>초과분: 복제본당 %1은 어느 계층에도 들어가지 않습니다. HBM 눈금으로 그렸습니다.</translation>
    </message>
    <message>
        <source> (%1 prefill + %2 decode)</source>
        <translation> (프리필 %1 + 디코드 %2)</translation>
    </message>
    <message>
        <source>prefill and decode pools: %1 prefill + %2 decode servers, first token from the %3 replica, %4 of the KV transfer overlapping the prefill, prefix cache on the %5</source>
        <translation>프리필·디코드 풀: 프리필 서버 %1 + 디코드 서버 %2, 첫 토큰은 %3 레플리카에서, KV 전송의 %4가 프리필과 중첩, 프리픽스 캐시는 %5에</translation>
    </message>
    <message>
        <source>prefill</source>
        <translation>프리필</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>디코드</translation>
    </message>
    <message>
        <source>prefill servers</source>
        <translation>프리필 서버</translation>
    </message>
    <message>
        <source>decode servers</source>
        <translation>디코드 서버</translation>
    </message>
    <message>
        <source>prefill servers, shared</source>
        <translation>프리필 서버(공유 풀)</translation>
    </message>
    <message>
        <source>%1: a fleet split into prefill and decode pools exports as .png, .svg, .pdf or .json (the CSV&apos;s one row per workload has no columns for two pools)</source>
        <translation>%1: 프리필·디코드 풀로 나눈 플릿은 .png, .svg, .pdf 또는 .json으로 내보냅니다(CSV는 워크로드마다 한 행이라 두 풀을 담을 열이 없습니다)</translation>
    </message>
</context>
<context>
    <name>SweepChart</name>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>Server DRAM</source>
        <translation>서버 D램</translation>
    </message>
    <message>
        <source>eSSD</source>
        <translation>eSSD</translation>
    </message>
    <message>
        <source>overflow (fits in no tier)</source>
        <translation>초과분 (어느 계층에도 안 들어감)</translation>
    </message>
</context>
<context>
    <name>Tier</name>
    <message>
        <source>Server DRAM</source>
        <translation>서버 D램</translation>
    </message>
    <message>
        <source>eSSD</source>
        <translation>eSSD</translation>
    </message>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>가중치</translation>
    </message>
    <message>
        <source>hot KV</source>
        <translation>뜨거운 KV</translation>
    </message>
    <message>
        <source>shared prefixes</source>
        <translation>공유 프리픽스</translation>
    </message>
    <message>
        <source>fragmentation</source>
        <translation>조각화</translation>
    </message>
    <message>
        <source>retained reuse pool</source>
        <translation>보존된 재사용 풀</translation>
    </message>
    <message>
        <source>inclusive copies</source>
        <translation>포함형 사본</translation>
    </message>
    <message>
        <source>free</source>
        <translation>여유</translation>
    </message>
    <message>
        <source>hot KV</source>
        <comment>short, inside a bar</comment>
        <translation>KV</translation>
    </message>
    <message>
        <source>shared</source>
        <translation>공유</translation>
    </message>
    <message>
        <source>frag.</source>
        <translation>조각화</translation>
    </message>
    <message>
        <source>reuse pool</source>
        <translation>재사용</translation>
    </message>
    <message>
        <source>copies</source>
        <translation>사본</translation>
    </message>
    <message>
        <source>Model weights placed in this tier.</source>
        <translation>이 계층에 놓인 모델 가중치입니다.</translation>
    </message>
    <message>
        <source>KV cache of the active sequences (their unique part).</source>
        <translation>활성 시퀀스의 KV 캐시(시퀀스별 고유 부분)입니다.</translation>
    </message>
    <message>
        <source>Prefixes shared by several active sequences, held once.</source>
        <translation>여러 활성 시퀀스가 공유하는 프리픽스로, 한 번만 저장됩니다.</translation>
    </message>
    <message>
        <source>Allocated but holding no token: block rounding, or contiguous max-context reservation.</source>
        <translation>할당됐지만 토큰이 들어 있지 않은 공간입니다. 블록 단위 올림, 또는 연속 할당의 최대 문맥 길이 예약 때문입니다.</translation>
    </message>
    <message>
        <source>Prefixes of finished requests kept for their next hit (Little&apos;s law: rate × distance × prefix).</source>
        <translation>끝난 요청의 프리픽스를 다음 적중을 위해 보존한 것입니다(리틀의 법칙: 요청률 × 재사용 간격 × 프리픽스).</translation>
    </message>
    <message>
        <source>DRAM copies of prefixes also resident in HBM (inclusive tiers).</source>
        <translation>HBM에도 올라 있는 프리픽스의 D램 사본입니다(포함형 계층).</translation>
    </message>
    <message>
        <source>Usable capacity left over.</source>
        <translation>남은 가용 용량입니다.</translation>
    </message>
</context>
<context>
    <name>TierScope</name>
    <message>
        <source>per GPU</source>
        <translation>GPU당</translation>
    </message>
    <message>
        <source>per server</source>
        <translation>서버당</translation>
    </message>
    <message>
        <source>per replica</source>
        <translation>레플리카당</translation>
    </message>
</context>
<context>
    <name>TraceInput</name>
    <message>
        <source>%1: zlib could not start</source>
        <translation>%1: zlib을 시작할 수 없습니다</translation>
    </message>
    <message>
        <source>%1: the gzip data ends early (a truncated file?)</source>
        <translation>%1: gzip 데이터가 도중에 끝납니다(잘린 파일인가요?)</translation>
    </message>
    <message>
        <source>%1: the gzip data is corrupt (%2)</source>
        <translation>%1: gzip 데이터가 손상되었습니다(%2)</translation>
    </message>
    <message>
        <source>%1: out of memory while inflating the gzip data</source>
        <translation>%1: gzip 데이터를 푸는 중 메모리가 부족합니다</translation>
    </message>
    <message>
        <source>%1: inflated from gzip, it looks like %2, not JSON Lines (one JSON object per line)</source>
        <translation>%1: gzip을 풀어 보니 JSON Lines(한 줄에 JSON 객체 하나)가 아니라 %2처럼 보입니다</translation>
    </message>
    <message>
        <source>%1: looks like %2, not JSON Lines (one JSON object per line) nor gzip</source>
        <translation>%1: JSON Lines(한 줄에 JSON 객체 하나)도 gzip도 아니고 %2처럼 보입니다</translation>
    </message>
    <message>
        <source>a zip archive</source>
        <translation>zip 압축 파일</translation>
    </message>
    <message>
        <source>zstd-compressed data</source>
        <translation>zstd로 압축된 데이터</translation>
    </message>
    <message>
        <source>bzip2-compressed data</source>
        <translation>bzip2로 압축된 데이터</translation>
    </message>
    <message>
        <source>xz-compressed data</source>
        <translation>xz로 압축된 데이터</translation>
    </message>
    <message>
        <source>a 7-Zip archive</source>
        <translation>7-Zip 압축 파일</translation>
    </message>
    <message>
        <source>a tar archive</source>
        <translation>tar 묶음 파일</translation>
    </message>
    <message>
        <source>a Parquet file</source>
        <translation>Parquet 파일</translation>
    </message>
    <message>
        <source>binary data</source>
        <translation>바이너리 데이터</translation>
    </message>
    <message>
        <source>a JSON array</source>
        <translation>JSON 배열</translation>
    </message>
    <message>
        <source>a table (CSV or TSV)</source>
        <translation>표(CSV 또는 TSV)</translation>
    </message>
    <message>
        <source>text that does not start with &apos;{&apos;</source>
        <translation>&apos;{&apos;로 시작하지 않는 텍스트</translation>
    </message>
    <message>
        <source>element %1 is negative; block ids are 0 to 18446744073709551615</source>
        <translation>%1번 원소가 음수입니다. 블록 ID는 0부터 18446744073709551615까지입니다</translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source>&gt; 1 day</source>
        <translation>1일 초과</translation>
    </message>
</context>
<context>
    <name>Variable</name>
    <message>
        <source>%1 bit</source>
        <translation>%1비트</translation>
    </message>
</context>
<context>
    <name>VllmCheck</name>
    <message>
        <source>state layers: the attention block size is raised to %1 tokens so one attention page holds one state (vLLM does this for hybrids; its exact alignment differs between versions)</source>
        <translation>상태 레이어: 어텐션 페이지 하나에 상태 하나가 들어가도록 어텐션 블록 크기를 %1 토큰으로 키웁니다(vLLM이 하이브리드 모델에 하는 처리이며, 정확한 정렬 방식은 버전마다 다릅니다)</translation>
    </message>
    <message>
        <source>a full page (%1 B) does not divide the largest page (%2 B): vLLM refuses such a model; kvtiers pads it</source>
        <translation>전체 어텐션 페이지 크기(%1 B)가 가장 큰 페이지 크기(%2 B)의 약수가 아닙니다: vLLM은 이런 모델을 거부하고, kvtiers는 패딩으로 맞춥니다</translation>
    </message>
    <message>
        <source>a sliding page (%1 B) does not divide the largest page (%2 B): vLLM refuses such a model; kvtiers pads it</source>
        <translation>슬라이딩 윈도 페이지 크기(%1 B)가 가장 큰 페이지 크기(%2 B)의 약수가 아닙니다: vLLM은 이런 모델을 거부하고, kvtiers는 패딩으로 맞춥니다</translation>
    </message>
    <message>
        <source>a mla page (%1 B) does not divide the largest page (%2 B): vLLM refuses such a model; kvtiers pads it</source>
        <translation>MLA 페이지 크기(%1 B)가 가장 큰 페이지 크기(%2 B)의 약수가 아닙니다: vLLM은 이런 모델을 거부하고, kvtiers는 패딩으로 맞춥니다</translation>
    </message>
    <message>
        <source>a %1 page (%2 B) does not divide the largest page (%3 B): vLLM refuses such a model; kvtiers pads it</source>
        <translation>%1 페이지 크기(%2 B)가 가장 큰 페이지 크기(%3 B)의 약수가 아닙니다: vLLM은 이런 모델을 거부하고, kvtiers는 패딩으로 맞춥니다</translation>
    </message>
    <message>
        <source>%1 padding layer slot(s) to make the groups equal</source>
        <translation>그룹 크기를 맞추려고 빈 레이어 자리 %1개를 채웁니다</translation>
    </message>
    <message>
        <source>vLLM&apos;s concurrency is for %1 tokens per request (its max_model_len), not the %2 given; kvtiers compares at %1.</source>
        <translation>vLLM의 동시 처리 수는 입력한 %2 토큰이 아니라 요청당 %1 토큰(vLLM의 max_model_len) 기준입니다. kvtiers도 %1 토큰에서 비교합니다.</translation>
    </message>
    <message>
        <source>vLLM&apos;s figure matches kvtiers&apos; block math to within %1%, the rounding of the memory figure the log prints.</source>
        <translation>vLLM의 수치가 kvtiers의 블록 계산과 %1% 이내로 일치합니다. 로그에 출력되는 메모리 수치의 반올림 정도입니다.</translation>
    </message>
    <message>
        <source>vLLM&apos;s figure matches kvtiers&apos; block math exactly (same blocks of %1 tokens).</source>
        <translation>vLLM의 수치가 kvtiers의 블록 계산과 정확히 일치합니다(같은 %1 토큰 블록).</translation>
    </message>
    <message>
        <source>The concurrency differs (%1x vs %2x): for sliding-window layers vLLM budgets a chunked-prefill worst case (window − 1 + max_num_batched_tokens tokens, plus a block).</source>
        <translation>동시 처리 수는 다릅니다(%1x 대 %2x): vLLM은 슬라이딩 윈도 레이어에 청크 단위 프리필의 최악의 경우(윈도 − 1 + max_num_batched_tokens 토큰에 블록 하나 더)를 잡아 둡니다.</translation>
    </message>
    <message>
        <source>vLLM&apos;s %1 tokens need about %2 of KV memory per GPU; kvtiers assumed %3, %4 more.</source>
        <translation>vLLM의 %1 토큰에는 GPU당 약 %2의 KV 메모리가 필요합니다. kvtiers의 가정(%3)이 %4 더 많습니다.</translation>
    </message>
    <message>
        <source>vLLM&apos;s %1 tokens need about %2 of KV memory per GPU; kvtiers assumed %3, %4 less.</source>
        <translation>vLLM의 %1 토큰에는 GPU당 약 %2의 KV 메모리가 필요합니다. kvtiers의 가정(%3)이 %4 더 적습니다.</translation>
    </message>
    <message>
        <source>vLLM&apos;s concurrency need about %1 of KV memory per GPU; kvtiers assumed %2, %3 more.</source>
        <translation>vLLM의 동시 처리 수에는 GPU당 약 %1의 KV 메모리가 필요합니다. kvtiers의 가정(%2)이 %3 더 많습니다.</translation>
    </message>
    <message>
        <source>vLLM&apos;s concurrency need about %1 of KV memory per GPU; kvtiers assumed %2, %3 less.</source>
        <translation>vLLM의 동시 처리 수에는 GPU당 약 %1의 KV 메모리가 필요합니다. kvtiers의 가정(%2)이 %3 더 적습니다.</translation>
    </message>
    <message>
        <source>vLLM&apos;s %1 tokens need about %2 of KV memory per GPU; kvtiers assumed %3, %4 (%5%) more.</source>
        <translation>vLLM의 %1 토큰에는 GPU당 약 %2의 KV 메모리가 필요합니다. kvtiers의 가정(%3)이 %4(%5%) 더 많습니다.</translation>
    </message>
    <message>
        <source>vLLM&apos;s %1 tokens need about %2 of KV memory per GPU; kvtiers assumed %3, %4 (%5%) less.</source>
        <translation>vLLM의 %1 토큰에는 GPU당 약 %2의 KV 메모리가 필요합니다. kvtiers의 가정(%3)이 %4(%5%) 더 적습니다.</translation>
    </message>
    <message>
        <source>vLLM&apos;s concurrency need about %1 of KV memory per GPU; kvtiers assumed %2, %3 (%4%) more.</source>
        <translation>vLLM의 동시 처리 수에는 GPU당 약 %1의 KV 메모리가 필요합니다. kvtiers의 가정(%2)이 %3(%4%) 더 많습니다.</translation>
    </message>
    <message>
        <source>vLLM&apos;s concurrency need about %1 of KV memory per GPU; kvtiers assumed %2, %3 (%4%) less.</source>
        <translation>vLLM의 동시 처리 수에는 GPU당 약 %1의 KV 메모리가 필요합니다. kvtiers의 가정(%2)이 %3(%4%) 더 적습니다.</translation>
    </message>
    <message>
        <source>vLLM itself reports %1 available for KV cache (line %2): give --kv-memory %3 to check the block math alone.</source>
        <translation>vLLM 자체 보고로는 KV 캐시에 쓸 수 있는 메모리가 %1입니다(%2번째 줄). 블록 계산만 확인하려면 --kv-memory %3 옵션을 지정하세요.</translation>
    </message>
    <message>
        <source>The gap is memory vLLM kept out of the KV cache beyond the weights: the activation peak of its profiling run, CUDA graphs and non-torch allocations; --reserve %1 reproduces it.</source>
        <translation>이 차이는 vLLM이 가중치 말고도 KV 캐시에서 떼어 둔 메모리입니다: 프로파일링 실행의 활성값 최대치, CUDA 그래프, torch 밖의 할당. --reserve %1 옵션으로 재현됩니다.</translation>
    </message>
    <message>
        <source>With gpu_memory_utilization %1 of %2 HBM and %3 of weights per GPU, that gap is memory vLLM kept out of the KV cache: the activation peak of its profiling run, CUDA graphs and non-torch allocations (NCCL buffers, the CUDA context).</source>
        <translation>gpu_memory_utilization %1, HBM %2, GPU당 가중치 %3 기준으로, 이 차이는 vLLM이 KV 캐시에서 떼어 둔 메모리입니다: 프로파일링 실행의 활성값 최대치, CUDA 그래프, torch 밖의 할당(NCCL 버퍼, CUDA 컨텍스트).</translation>
    </message>
    <message>
        <source>--reserve %1 (or --kv-memory %2) reproduces vLLM&apos;s figure.</source>
        <translation>--reserve %1 옵션(또는 --kv-memory %2)으로 vLLM의 수치가 재현됩니다.</translation>
    </message>
    <message>
        <source>--reserve %1 (or --kv-memory %2) reproduces vLLM&apos;s figure; so would a gpu_memory_utilization of %3 with the reserve given.</source>
        <translation>--reserve %1 옵션(또는 --kv-memory %2)으로 vLLM의 수치가 재현됩니다. 주어진 예약분 그대로 gpu_memory_utilization을 %3(으)로 해도 같습니다.</translation>
    </message>
    <message>
        <source>That is memory vLLM did not give to the KV cache: activations (its profiling peak), CUDA graphs, non-torch allocations, or a lower gpu_memory_utilization.</source>
        <translation>이 차이는 vLLM이 KV 캐시에 주지 않은 메모리입니다: 활성값(프로파일링 최대치), CUDA 그래프, torch 밖의 할당, 또는 더 낮은 gpu_memory_utilization.</translation>
    </message>
    <message>
        <source>--kv-memory %1 reproduces vLLM&apos;s figure.</source>
        <translation>--kv-memory %1 옵션으로 vLLM의 수치가 재현됩니다.</translation>
    </message>
    <message>
        <source>vLLM had more memory for KV than assumed: a higher gpu_memory_utilization, smaller weights than the card&apos;s (a quantized checkpoint?), a smaller reserve, or a larger tensor-parallel degree than --tp %1.</source>
        <translation>vLLM은 가정보다 많은 메모리를 KV에 썼습니다: 더 높은 gpu_memory_utilization, 카드보다 작은 가중치(양자화된 체크포인트?), 더 작은 예약분, 또는 --tp %1보다 큰 텐서 병렬(TP) 수 때문일 수 있습니다.</translation>
    </message>
    <message>
        <source>vLLM had more memory for KV than assumed: a higher gpu_memory_utilization (%1 would do it), smaller weights than the card&apos;s (a quantized checkpoint?), a smaller reserve, or a larger tensor-parallel degree than --tp %2.</source>
        <translation>vLLM은 가정보다 많은 메모리를 KV에 썼습니다: 더 높은 gpu_memory_utilization(%1이면 맞습니다), 카드보다 작은 가중치(양자화된 체크포인트?), 더 작은 예약분, 또는 --tp %2보다 큰 텐서 병렬(TP) 수 때문일 수 있습니다.</translation>
    </message>
    <message>
        <source>This model is a hybrid for vLLM&apos;s allocator; kvtiers follows its grouping, but versions differ in how they pad pages, so a few percent can come from there.</source>
        <translation>이 모델은 vLLM 할당기에서 하이브리드로 다뤄집니다. kvtiers는 vLLM의 그룹 구성을 따르지만 페이지를 패딩하는 방식이 버전마다 달라, 몇 퍼센트의 차이는 여기서 생길 수 있습니다.</translation>
    </message>
    <message>
        <source>The log has no figure kvtiers can compare.</source>
        <translation>로그에 kvtiers가 비교할 수 있는 수치가 없습니다.</translation>
    </message>
    <message>
        <source>vLLM budgets the same %1 blocks per request as kvtiers&apos; steady state, so the two figures agree.</source>
        <translation>vLLM은 요청당 kvtiers의 정상 상태와 같은 %1 블록을 잡으므로 두 수치가 일치합니다.</translation>
    </message>
    <message>
        <source>vLLM %1 budgets a sliding-window layer at cdiv(min(W − 1 + max_num_batched_tokens, max_model_len), B) + 1 = cdiv(min(%2 − 1 + %3, %4), %5) + 1 = %6 blocks per request; kvtiers counts the steady-state %2 tokens a decoding request keeps: %7 blocks.</source>
        <translation>vLLM %1은 슬라이딩 윈도 레이어에 요청당 cdiv(min(W − 1 + max_num_batched_tokens, max_model_len), B) + 1 = cdiv(min(%2 − 1 + %3, %4), %5) + 1 = %6 블록을 잡아 둡니다. kvtiers는 디코딩 중인 요청이 정상 상태에서 유지하는 %2 토큰, 곧 %7 블록을 셉니다.</translation>
    </message>
    <message>
        <source>The log&apos;s token figure is newer vLLM&apos;s max concurrency × max_model_len (%1 × %2 ≈ %3 tokens), not blocks × block size (%4 tokens); kvtiers compares it with the same product, %5 tokens.</source>
        <translation>로그의 토큰 수는 블록 × 블록 크기(%4 토큰)가 아니라 새 vLLM의 최대 동시성 × max_model_len(%1 × %2 ≈ %3 토큰)입니다. kvtiers는 같은 곱인 %5 토큰과 비교합니다.</translation>
    </message>
    <message>
        <source>Newer vLLM with async scheduling budgets a sliding-window layer at cdiv(min(W − 1 + 2 × max_num_batched_tokens, max_model_len), B) + 1 = cdiv(min(%1 − 1 + 2 × %2, %3), %4) + 1 = %5 blocks per request; kvtiers counts the steady-state %1 tokens a decoding request keeps: %6 blocks.</source>
        <translation>비동기 스케줄링을 켠 새 vLLM은 슬라이딩 윈도 레이어에 요청당 cdiv(min(W − 1 + 2 × max_num_batched_tokens, max_model_len), B) + 1 = cdiv(min(%1 − 1 + 2 × %2, %3), %4) + 1 = %5 블록을 잡아 둡니다. kvtiers는 디코딩 중인 요청이 정상 상태에서 유지하는 %1 토큰, 곧 %6 블록을 셉니다.</translation>
    </message>
    <message>
        <source>model</source>
        <translation>모델</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>텐서 병렬(TP)</translation>
    </message>
    <message>
        <source>block size</source>
        <translation>블록 크기</translation>
    </message>
    <message>
        <source>KV cache dtype</source>
        <translation>KV 캐시 dtype</translation>
    </message>
    <message>
        <source>max_model_len</source>
        <translation>최대 모델 길이(max_model_len)</translation>
    </message>
    <message>
        <source>From the log: %1.</source>
        <translation>로그에서 가져온 값: %1.</translation>
    </message>
    <message>
        <source>The log runs %1 (line %2); the scenario has %3: kvtiers compares with the log&apos;s model.</source>
        <translation>로그는 %1을(를) 실행합니다(%2행). 시나리오는 %3입니다: kvtiers는 로그의 모델로 비교합니다.</translation>
    </message>
    <message>
        <source>The log says %1 %2 (line %3); the scenario has %1 %4: kvtiers compares at the log&apos;s %2.</source>
        <translation>로그의 %1은(는) %2입니다(%3행). 시나리오의 %1은(는) %4입니다: kvtiers는 로그의 %2(으)로 비교합니다.</translation>
    </message>
    <message>
        <source>The log runs %1 (line %2), the card %3; this check uses %4, so its figures are not what vLLM ran.</source>
        <translation>로그는 %1(카드 %3)을(를) 실행합니다(%2행). 이 검사는 %4을(를) 쓰므로, 그 수치는 vLLM이 실행한 것과 다릅니다.</translation>
    </message>
    <message>
        <source>The log says %1 %2 (line %3); this check uses %1 %4, so its figures are not what vLLM ran.</source>
        <translation>로그의 %1은(는) %2입니다(%3행). 이 검사는 %1 %4을(를) 쓰므로, 그 수치는 vLLM이 실행한 것과 다릅니다.</translation>
    </message>
    <message>
        <source>The log runs %1 (line %2), and no model card matches it: this check uses %3, which may not be that model. Import its config.json to check the right shape.</source>
        <translation>로그는 %1을(를) 실행하지만(%2행) 일치하는 모델 카드가 없습니다: 이 검사는 %3을(를) 쓰며, 이는 그 모델이 아닐 수 있습니다. 올바른 구조로 검사하려면 그 모델의 config.json을 가져오세요.</translation>
    </message>
    <message>
        <source>The log runs %1 (line %2), which matches several cards (%3): this check uses %4.</source>
        <translation>로그는 %1을(를) 실행하며(%2행), 여러 카드(%3)와 일치합니다: 이 검사는 %4을(를) 씁니다.</translation>
    </message>
    <message>
        <source>No card names %1 itself; kvtiers uses %2, its base model without &quot;%3&quot; (a fine-tune keeps its layers, so its KV cache is the same).</source>
        <translation>%1 자체를 가리키는 카드가 없어, kvtiers는 &quot;%3&quot;을(를) 뺀 기본 모델 %2을(를) 씁니다(파인튜닝 모델은 레이어를 그대로 유지하므로 KV 캐시가 같습니다).</translation>
    </message>
    <message>
        <source>vLLM&apos;s own figures do not fit this setup: %1 of KV memory (line %2) for %3 tokens is %4 per token per GPU, where this setup has %5 (its %3 tokens would need %6). The model, TP, KV cache dtype or block size differ from what vLLM ran.</source>
        <translation>vLLM 자체 수치가 이 설정과 맞지 않습니다: KV 메모리 %1(%2행)에 %3 토큰이면 GPU당 토큰당 %4인데, 이 설정은 %5입니다(%3 토큰에 %6 필요). 모델, TP, KV 캐시 dtype 또는 블록 크기가 vLLM이 실행한 것과 다릅니다.</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::CompareChart</name>
    <message>
        <source>Bytes per replica, one shared scale</source>
        <translation>레플리카당 바이트, 공통 눈금</translation>
    </message>
    <message>
        <source>bytes per replica</source>
        <translation>레플리카당 바이트</translation>
    </message>
    <message>
        <source>overflow: fits in no tier</source>
        <translation>초과분: 어느 계층에도 안 들어감</translation>
    </message>
    <message>
        <source>Pick 2 to 4 presets to compare</source>
        <translation>비교할 프리셋을 2~4개 고르세요</translation>
    </message>
    <message>
        <source>Bytes per replica, one shared scale (%1: unused in every scenario)</source>
        <translation>레플리카당 바이트, 공통 눈금 (%1: 모든 시나리오에서 사용 안 함)</translation>
    </message>
    <message>
        <source> and </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation>초과분</translation>
    </message>
    <message>
        <source>capacity
%1</source>
        <translation>용량
%1</translation>
    </message>
    <message>
        <source>%1
of %2</source>
        <translation>%1
/ %2</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::CompareTableModel</name>
    <message>
        <source>KV bytes per token</source>
        <translation>토큰당 KV</translation>
    </message>
    <message>
        <source>KV bytes per request</source>
        <translation>요청당 KV</translation>
    </message>
    <message>
        <source>Hot set</source>
        <translation>활성 작업집합</translation>
    </message>
    <message>
        <source>Max concurrency</source>
        <translation>최대 동시 처리 요청 수</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>시퀀스 %1개</translation>
    </message>
    <message>
        <source>HBM used (replica)</source>
        <translation>HBM 사용량(레플리카당)</translation>
    </message>
    <message>
        <source>DRAM used (replica)</source>
        <translation>D램 사용량(레플리카당)</translation>
    </message>
    <message>
        <source>SSD used (replica)</source>
        <translation>SSD 사용량(레플리카당)</translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation>초과분</translation>
    </message>
    <message>
        <source>Achieved reuse</source>
        <translation>달성 재사용률</translation>
    </message>
    <message>
        <source>TTFT without reuse</source>
        <translation>TTFT (재사용 없음)</translation>
    </message>
    <message>
        <source>TTFT with reuse</source>
        <translation>TTFT (재사용 있음)</translation>
    </message>
    <message>
        <source>Tokens/s (replica)</source>
        <translation>초당 토큰(레플리카당)</translation>
    </message>
    <message>
        <source>%1 tok/s</source>
        <translation>초당 %1토큰</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>지표</translation>
    </message>
    <message>
        <source>%1 %2 A</source>
        <translation>%1 %2 A</translation>
    </message>
    <message>
        <source>%1 vs A</source>
        <translation>A 대비 %1 (%)</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::CompareView</name>
    <message>
        <source>Compare scenarios</source>
        <translation>시나리오 비교</translation>
    </message>
    <message>
        <source>&amp;Built-in comparison:</source>
        <translation>기본 제공 비교(&amp;B):</translation>
    </message>
    <message>
        <source>Or tick 2 to 4 &amp;presets (the first ticked is the baseline):</source>
        <translation>또는 프리셋을 2~4개 선택하세요(처음 선택한 것이 기준)(&amp;P):</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>내보내기(&amp;E)…</translation>
    </message>
    <message>
        <source>The chart as PNG, SVG or PDF, or the table as CSV</source>
        <translation>차트는 PNG, SVG, PDF로, 표는 CSV로</translation>
    </message>
    <message>
        <source>(pick presets below)</source>
        <translation>(아래에서 프리셋 선택)</translation>
    </message>
    <message>
        <source>%1 (built-in)</source>
        <translation>%1 (기본 제공)</translation>
    </message>
    <message>
        <source>At most 4 presets side by side: untick one first.</source>
        <translation>나란히 비교할 수 있는 프리셋은 최대 4개입니다. 먼저 하나를 해제하세요.</translation>
    </message>
    <message>
        <source> vs </source>
        <translation> 대 </translation>
    </message>
    <message numerus="yes">
        <source>Tick %n more preset(s) to compare.</source>
        <translation>
            <numerusform>비교하려면 프리셋을 %n개 더 선택하세요.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>비교할 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Differences are against A, %1.</source>
        <translation>차이는 A(%1) 대비입니다.</translation>
    </message>
    <message>
        <source>Pick 2 to 4 presets to compare before exporting.</source>
        <translation>내보내기 전에 비교할 프리셋을 2~4개 고르세요.</translation>
    </message>
    <message>
        <source>Export comparison</source>
        <translation>비교 내보내기</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV table (*.csv)</source>
        <translation>PNG 이미지 (*.png);;SVG 도면 (*.svg);;PDF (*.pdf);;CSV 표 (*.csv)</translation>
    </message>
    <message>
        <source>Exported the comparison to %1</source>
        <translation>비교를 %1(으)로 내보냈습니다</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::ControlsPanel</name>
    <message>
        <source>&amp;Advanced</source>
        <translation>고급(&amp;A)</translation>
    </message>
    <message>
        <source>Parallelism, allocation, sharing, offload and server capacities.</source>
        <translation>병렬화, 메모리 할당, 프리픽스 공유, 오프로딩, 서버 용량.</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>시나리오</translation>
    </message>
    <message>
        <source>A workload card is a whole scenario: model, hardware and every knob, each from a named source. Choosing one resets the controls to it.</source>
        <translation>워크로드 카드는 시나리오 전체입니다. 모델, 하드웨어와 모든 설정값이 각각 출처와 함께 들어 있습니다. 카드를 고르면 모든 컨트롤이 그 값으로 바뀝니다.</translation>
    </message>
    <message>
        <source>The model&apos;s shape decides KV bytes per token: layers, KV heads, head dimension, attention kind (GQA, sliding window, MLA, state layers).</source>
        <translation>토큰당 KV 바이트는 모델 구조가 정합니다. 레이어 수, KV 헤드 수, 헤드 차원, 어텐션 방식(GQA, 슬라이딩 윈도, MLA, 상태 레이어)입니다.</translation>
    </message>
    <message>
        <source>One GPU type in one server profile: HBM and bandwidth per GPU, host DRAM, NVMe and the GPU↔host link per server.</source>
        <translation>서버 구성 하나에 GPU 한 종류입니다. GPU당 HBM과 대역폭, 서버당 호스트 D램, NVMe, GPU↔호스트 연결입니다.</translation>
    </message>
    <message>
        <source>&amp;Workload:</source>
        <translation>워크로드(&amp;W):</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>모델(&amp;M):</translation>
    </message>
    <message>
        <source>&amp;Hardware:</source>
        <translation>하드웨어(&amp;H):</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>워크로드</translation>
    </message>
    <message>
        <source>custom bits</source>
        <translation>비트 수 지정</translation>
    </message>
    <message>
        <source> bits</source>
        <translation>비트</translation>
    </message>
    <message>
        <source>Bits per KV element for custom formats (e.g. 6 for DeepSeek-V2&apos;s 6-bit KV).</source>
        <translation>직접 지정하는 형식의 KV 원소당 비트 수입니다(예: DeepSeek-V2의 6비트 KV는 6).</translation>
    </message>
    <message>
        <source>derived</source>
        <translation>자동 산출</translation>
    </message>
    <message>
        <source>Derive the request rate</source>
        <translation>요청률 자동 산출</translation>
    </message>
    <message>
        <source>none (knobs set one by one)</source>
        <translation>없음 (항목을 하나씩 설정)</translation>
    </message>
    <message>
        <source>Card files</source>
        <translation>카드 파일</translation>
    </message>
    <message>
        <source>%1-bit</source>
        <translation>%1비트</translation>
    </message>
    <message>
        <source>%1 (checkpoint)</source>
        <translation>%1 (체크포인트)</translation>
    </message>
    <message>
        <source>%1 (card %2)</source>
        <translation>%1 (카드 %2)</translation>
    </message>
    <message>
        <source>%1 (announced)</source>
        <translation>%1 (발표됨)</translation>
    </message>
    <message>
        <source>%1
Announced, not shipping: its figures are the vendor&apos;s announced ones, which may change before it ships (the card&apos;s sources give each one&apos;s kind and date).</source>
        <translation>%1
발표됨, 출하 전: 수치는 공급사가 발표한 것이며 출하 전에 바뀔 수 있습니다(카드의 출처에 각 수치의 종류와 날짜가 있습니다).</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::CurveChart</name>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>%1 (tokens)</source>
        <translation>%1(토큰)</translation>
    </message>
    <message>
        <source>demand per server</source>
        <translation>서버당 수요</translation>
    </message>
    <message>
        <source>fleet-wide demand</source>
        <translation>플릿 전체 수요</translation>
    </message>
    <message>
        <source>now: %1 tokens</source>
        <translation>현재: %1토큰</translation>
    </message>
    <message>
        <source>now: %1</source>
        <translation>현재: %1</translation>
    </message>
    <message>
        <source>Fleet-wide demand as %1 varies</source>
        <translation>%1 변화에 따른 플릿 전체 수요</translation>
    </message>
    <message>
        <source>Demand per server as %1 varies, the rest held</source>
        <translation>%1 변화에 따른 서버당 수요(나머지 고정)</translation>
    </message>
    <message>
        <source>ⓘ cache on</source>
        <translation>ⓘ 캐시 켜짐</translation>
    </message>
    <message>
        <source>At 0% nothing is reused and the cache keeps nothing, but at any hit rate above 0 it keeps every stored block for its horizon, blocks never used again included, so demand steps up at once; past the step, more hits leave fewer of those one-time blocks to hold.</source>
        <translation>0%에서는 재사용되는 것이 없어 캐시가 아무것도 보관하지 않지만, 0보다 높은 적중률에서는 다시 쓰이지 않을 블록까지 저장한 모든 블록을 보관 한도 시간 동안 유지하므로 수요가 단번에 뛰어오릅니다. 그 뒤로는 적중이 늘수록 보관할 일회성 블록이 줄어듭니다.</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::FleetChart</name>
    <message>
        <source>Fleet memory demand by workload</source>
        <translation>워크로드별 플릿 메모리 수요</translation>
    </message>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Fleet memory demand by workload: %1 GPUs in %2 servers</source>
        <translation>워크로드별 플릿 메모리 수요: 서버 %2대, GPU %1개</translation>
    </message>
    <message>
        <source>Prefill</source>
        <comment>pool</comment>
        <translation>프리필</translation>
    </message>
    <message>
        <source>Decode</source>
        <comment>pool</comment>
        <translation>디코드</translation>
    </message>
    <message>
        <source>Fleet memory demand by pool and workload: %1 GPUs in %2 prefill + %3 decode servers</source>
        <translation>풀·워크로드별 플릿 메모리 수요: GPU %1개, 프리필 서버 %2 + 디코드 서버 %3</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::FleetDocument</name>
    <message>
        <source>Add workload %1</source>
        <translation>워크로드 %1 추가</translation>
    </message>
    <message>
        <source>Remove workload %1</source>
        <translation>워크로드 %1 제거</translation>
    </message>
    <message>
        <source>Change the share of %1</source>
        <translation>%1 비중 변경</translation>
    </message>
    <message>
        <source>Replace the traffic mix</source>
        <translation>트래픽 구성 교체</translation>
    </message>
    <message>
        <source>Change request rate</source>
        <translation>요청률 변경</translation>
    </message>
    <message>
        <source>Change the rate unit</source>
        <translation>처리율 단위 변경</translation>
    </message>
    <message>
        <source>Change server profile to %1</source>
        <translation>서버 구성을 %1(으)로 변경</translation>
    </message>
    <message>
        <source>Change the latency targets</source>
        <translation>지연 시간 목표 변경</translation>
    </message>
    <message>
        <source>Change TTFT target</source>
        <translation>TTFT 목표 변경</translation>
    </message>
    <message>
        <source>Change TTFT percentile</source>
        <translation>TTFT 백분위수 변경</translation>
    </message>
    <message>
        <source>Change time-per-output-token percentile</source>
        <translation>출력 토큰당 시간 백분위수 변경</translation>
    </message>
    <message>
        <source>Change time-per-output-token target</source>
        <translation>출력 토큰당 시간 목표 변경</translation>
    </message>
    <message>
        <source>%1: nothing to export: the fleet cannot be sized: %2</source>
        <translation>%1: 내보낼 것이 없습니다: 플릿 규모를 산정할 수 없습니다: %2</translation>
    </message>
    <message>
        <source>Fleet demand chart</source>
        <translation>플릿 수요 차트</translation>
    </message>
    <message>
        <source>Fleet table, one row per workload</source>
        <translation>플릿 표(워크로드마다 한 행)</translation>
    </message>
    <message>
        <source>Fleet sizing as JSON</source>
        <translation>플릿 규모 산정 결과(JSON)</translation>
    </message>
    <message>
        <source>Fleet: the saved inputs could not be read; the example mix is shown.</source>
        <translation>플릿: 저장된 입력을 읽을 수 없어 예시 구성을 표시합니다.</translation>
    </message>
    <message>
        <source>Fleet: ignored the saved value of %1</source>
        <translation>플릿: 저장된 %1 값을 무시함</translation>
    </message>
    <message>
        <source>Fleet: the saved server profile %1 is not a hardware card; kept %2</source>
        <translation>플릿: 저장된 서버 구성 %1은(는) 하드웨어 카드가 아니므로 %2을(를) 유지함</translation>
    </message>
    <message>
        <source>Fleet: dropped the saved workload %1: no such workload card</source>
        <translation>플릿: 저장된 워크로드 %1을(를) 제외함: 해당 워크로드 카드가 없음</translation>
    </message>
    <message>
        <source>Fleet: dropped the saved workload %1: its share is not a number of 0 or more</source>
        <translation>플릿: 저장된 워크로드 %1을(를) 제외함: 비중이 0 이상의 숫자가 아님</translation>
    </message>
    <message>
        <source>Split prefill and decode</source>
        <translation>프리필과 디코드 분리</translation>
    </message>
    <message>
        <source>Colocate prefill and decode</source>
        <translation>프리필과 디코드 함께 배치</translation>
    </message>
    <message>
        <source>Change where the first token comes from</source>
        <translation>첫 토큰 위치 변경</translation>
    </message>
    <message>
        <source>Change the transfer overlap</source>
        <translation>전송 중첩 변경</translation>
    </message>
    <message>
        <source>Change where the prefix cache lives</source>
        <translation>프리픽스 캐시 위치 변경</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::FleetMixEditor</name>
    <message>
        <source>&amp;Add workload</source>
        <translation>워크로드 추가(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove selected</source>
        <translation>선택 항목 제거(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Workload:</source>
        <translation>워크로드(&amp;W):</translation>
    </message>
    <message>
        <source>Double-click a share to edit it.</source>
        <translation>비중을 두 번 클릭하면 편집할 수 있습니다.</translation>
    </message>
    <message>
        <source>Workload card %1</source>
        <translation>워크로드 카드 %1</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::FleetMixModel</name>
    <message>
        <source>Relative share of requests; shares are normalised over the mix.</source>
        <translation>요청의 상대 비중입니다. 전체 구성에 대해 정규화됩니다.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>KV-cache bytes per token of the workload&apos;s model, in its KV format (the article&apos;s bytes-per-token view).</source>
        <translation>워크로드 모델의 KV 형식 기준 토큰당 KV 캐시 바이트입니다(기사의 토큰당 바이트 관점).</translation>
    </message>
    <message>
        <source>Active sequences per replica: the most that meet the time-per-output-token target and fit in HBM.</source>
        <translation>레플리카당 활성 시퀀스 수: 출력 토큰당 시간 목표를 지키면서 HBM에 들어가는 최대치입니다.</translation>
    </message>
    <message>
        <source>HBM this workload&apos;s replicas need: weights, active sequences and overflow.</source>
        <translation>이 워크로드의 레플리카에 필요한 HBM입니다: 가중치, 활성 시퀀스, 초과분.</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>워크로드</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>비중</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>모델</translation>
    </message>
    <message>
        <source>KV per
token</source>
        <translation>토큰당 KV</translation>
    </message>
    <message>
        <source>Seqs per
replica</source>
        <translation>레플리카당
시퀀스 수</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>레플리카 수</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>DRAM</source>
        <translation>D램</translation>
    </message>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>Utilisation of the workload&apos;s replicas under Poisson arrivals, behind one central FCFS queue.</source>
        <translation>하나의 중앙 FCFS 대기열 뒤에 있는 워크로드 레플리카의 포아송 도착 시 사용률입니다.</translation>
    </message>
    <message>
        <source>Queue wait at the 99th percentile (zero where fewer than 1% of requests wait).</source>
        <translation>99번째 백분위수의 대기열 대기 시간입니다(기다리는 요청이 1% 미만이면 0).</translation>
    </message>
    <message>
        <source>Time to first token at the 99th percentile: queue wait plus the request&apos;s own prefill and restore.</source>
        <translation>99번째 백분위수의 첫 토큰까지 시간: 대기열 대기와 요청 자신의 프리필 및 복원을 더한 값입니다.</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>사용률</translation>
    </message>
    <message>
        <source>p99 wait</source>
        <translation>p99 대기</translation>
    </message>
    <message>
        <source>p99 TTFT</source>
        <translation>p99 TTFT</translation>
    </message>
    <message>
        <source>%1 (card %2)</source>
        <translation>%1 (카드 %2)</translation>
    </message>
    <message>
        <source>%1 + %2</source>
        <translation>%1 + %2</translation>
    </message>
    <message>
        <source>%1 prefill + %2 decode replicas</source>
        <translation>프리필 레플리카 %1 + 디코드 레플리카 %2</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::FleetResultsPanel</name>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>DRAM</source>
        <translation>D램</translation>
    </message>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>What the fleet needs</source>
        <translation>플릿에 필요한 것</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>서버</translation>
    </message>
    <message>
        <source>HBM installed</source>
        <translation>장착 HBM</translation>
    </message>
    <message>
        <source>GPUs × HBM per GPU: what is bought, beside what is demanded.</source>
        <translation>GPU 수 × GPU당 HBM: 수요와 나란히 본 실제 구매량입니다.</translation>
    </message>
    <message>
        <source>Demand</source>
        <translation>수요</translation>
    </message>
    <message>
        <source>HBM: weights, active sequences and overflow (not prefixes cached in spare HBM). DRAM and NVMe: bytes used.</source>
        <translation>HBM: 가중치, 활성 시퀀스, 초과분(남는 HBM에 캐시된 프리픽스 제외). D램과 NVMe: 사용 바이트.</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>Binary bytes (1 GiB = 1024³ bytes).</source>
        <translation>이진 바이트입니다(1 GiB = 1024³ 바이트).</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>Decimal bytes, as memory is sold.</source>
        <translation>메모리 판매 단위인 십진 바이트입니다.</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>내보내기(&amp;X)…</translation>
    </message>
    <message>
        <source>The chart as PNG, SVG or PDF, or the fleet as CSV or JSON</source>
        <translation>차트는 PNG, SVG, PDF로, 플릿은 CSV나 JSON으로</translation>
    </message>
    <message>
        <source>%1 × %2 GPUs</source>
        <translation>%1 × GPU %2개</translation>
    </message>
    <message>
        <source>Fleet-wide</source>
        <translation>플릿 전체</translation>
    </message>
    <message>
        <source>Per server</source>
        <translation>서버당</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>GPU당</translation>
    </message>
    <message>
        <source>%1 prefill + %2 decode × %3 GPUs</source>
        <translation>프리필 %1 + 디코드 %2 × GPU %3개</translation>
    </message>
    <message>
        <source>Per prefill server</source>
        <translation>프리필 서버당</translation>
    </message>
    <message>
        <source>Per decode server</source>
        <translation>디코드 서버당</translation>
    </message>
    <message>
        <source>%1: %2 demand %3 per server, more than the %4 one installs</source>
        <translation>%1: 서버당 %2 수요 %3, 서버 한 대에 설치된 %4보다 많습니다</translation>
    </message>
    <message>
        <source>Decode servers</source>
        <translation>디코드 서버</translation>
    </message>
    <message>
        <source>Prefill servers</source>
        <translation>프리필 서버</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::FleetView</name>
    <message>
        <source>Traffic and targets</source>
        <translation>트래픽과 목표</translation>
    </message>
    <message>
        <source>Total traffic of the whole mix.</source>
        <translation>전체 구성의 총 트래픽입니다.</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>요청/초</translation>
    </message>
    <message>
        <source>tokens/day</source>
        <translation>토큰/일</translation>
    </message>
    <message>
        <source>Tokens/day counts prompt + output tokens of all workloads.</source>
        <translation>토큰/일은 모든 워크로드의 프롬프트 + 출력 토큰을 셉니다.</translation>
    </message>
    <message>
        <source>Total &amp;rate:</source>
        <translation>총 처리율(&amp;R):</translation>
    </message>
    <message>
        <source>One server profile for the whole fleet.</source>
        <translation>플릿 전체에 쓰는 서버 구성 하나입니다.</translation>
    </message>
    <message>
        <source>&amp;Server profile:</source>
        <translation>서버 구성(&amp;S):</translation>
    </message>
    <message>
        <source>Time-to-first-token target: queue wait plus the request&apos;s own prefill, under Poisson arrivals, met at the percentile beside it.</source>
        <translation>첫 토큰까지 시간(TTFT) 목표: 포아송 도착에서의 대기열 대기와 요청 자신의 프리필을 더한 값으로, 옆의 백분위수에서 충족합니다.</translation>
    </message>
    <message>
        <source>&amp;TTFT target:</source>
        <translation>TTFT 목표(&amp;T):</translation>
    </message>
    <message>
        <source>Time per output token (one decode step): caps the sequences per replica.</source>
        <translation>출력 토큰당 시간(디코딩 한 단계)으로, 레플리카당 시퀀스 수의 상한을 정합니다.</translation>
    </message>
    <message>
        <source>Time per &amp;output token:</source>
        <translation>출력 토큰당 시간(&amp;O):</translation>
    </message>
    <message>
        <source>&amp;Export chart…</source>
        <translation>차트 내보내기(&amp;E)…</translation>
    </message>
    <message>
        <source>Nothing to export: the fleet cannot be sized: %1</source>
        <translation>내보낼 것이 없습니다: 플릿 규모를 산정할 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Export fleet</source>
        <translation>플릿 내보내기</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV table (*.csv);;JSON (*.json)</source>
        <translation>PNG 이미지 (*.png);;SVG 도면 (*.svg);;PDF (*.pdf);;CSV 표 (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Exported the fleet to %1</source>
        <translation>플릿을 %1(으)로 내보냈습니다</translation>
    </message>
    <message>
        <source>Colocated</source>
        <translation>통합 배치</translation>
    </message>
    <message>
        <source>Prefill + decode pools</source>
        <translation>프리필 + 디코드 풀</translation>
    </message>
    <message>
        <source>prefill</source>
        <comment>first token from</comment>
        <translation>프리필</translation>
    </message>
    <message>
        <source>decode</source>
        <comment>first token from</comment>
        <translation>디코드</translation>
    </message>
    <message>
        <source>prefill servers</source>
        <comment>cache at</comment>
        <translation>프리필 서버</translation>
    </message>
    <message>
        <source>decode servers</source>
        <comment>cache at</comment>
        <translation>디코드 서버</translation>
    </message>
    <message>
        <source>shared pool</source>
        <comment>cache at</comment>
        <translation>공유 풀</translation>
    </message>
    <message>
        <source>La&amp;yout:</source>
        <translation>배치(&amp;Y):</translation>
    </message>
    <message>
        <source>Transfer o&amp;verlap:</source>
        <translation>전송 중첩(&amp;V):</translation>
    </message>
    <message>
        <source>first to&amp;ken:</source>
        <translation>첫 토큰(&amp;K):</translation>
    </message>
    <message>
        <source>&amp;cache on:</source>
        <translation>캐시 위치(&amp;C):</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::HeadlinePanel</name>
    <message>
        <source>%1 warnings: %2</source>
        <translation>경고 %1개: %2</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>모두 보기</translation>
    </message>
    <message>
        <source>Show less</source>
        <translation>접기</translation>
    </message>
    <message>
        <source>Show only the first warning</source>
        <translation>첫 경고만 보기</translation>
    </message>
    <message>
        <source>Show all %1 warnings</source>
        <translation>경고 %1개 모두 보기</translation>
    </message>
    <message>
        <source>Nothing fills DRAM: set a reuse distance (Advanced) so prefixes are kept until their next use.</source>
        <translation>DRAM을 채우는 것이 없습니다: 프리픽스를 다음 사용까지 보존하도록 재사용 간격(고급)을 설정하세요.</translation>
    </message>
    <message>
        <source>Nothing fills DRAM: set an offload rate (Advanced) so evicted prefixes are copied down.</source>
        <translation>DRAM을 채우는 것이 없습니다: 축출된 프리픽스가 아래 계층으로 복사되도록 오프로딩률(고급)을 설정하세요.</translation>
    </message>
    <message>
        <source>KV per token</source>
        <translation>토큰당 KV</translation>
    </message>
    <message>
        <source>Bytes of KV cache one token adds: 2 (K and V) × layers × KV heads × head dimension × bytes per element (the article&apos;s formula).</source>
        <translation>토큰 하나가 늘리는 KV 캐시 바이트: 2(Key와 Value) × 레이어 수 × KV 헤드 수 × 헤드 차원 × 바이트 수(기사의 계산식).</translation>
    </message>
    <message>
        <source>KV per request</source>
        <translation>요청당 KV</translation>
    </message>
    <message>
        <source>The working set of one sequence at this context, before allocator overhead.</source>
        <translation>이 문맥 길이에서 시퀀스 하나의 작업집합입니다(메모리 할당 오버헤드 제외).</translation>
    </message>
    <message>
        <source>Hot set</source>
        <translation>활성 작업집합</translation>
    </message>
    <message>
        <source>KV of all active sequences at once (shared prefixes counted once).</source>
        <translation>모든 활성 시퀀스의 KV를 한꺼번에 더한 값입니다(공유 프리픽스는 한 번만 셈).</translation>
    </message>
    <message>
        <source>Max concurrency</source>
        <translation>최대 동시 처리 요청 수</translation>
    </message>
    <message>
        <source>Whole sequences at this context that fit in the HBM left after weights.</source>
        <translation>가중치를 올리고 남은 HBM에 이 문맥 길이로 온전히 들어가는 시퀀스 수입니다.</translation>
    </message>
    <message>
        <source>Reuse achieved / requested</source>
        <translation>재사용률 (달성 / 설정)</translation>
    </message>
    <message>
        <source>Requested: the prefix hit rate asked for. Achieved: what the tiers can actually keep (the retained pool may not fit), and at most the share whole KV blocks can serve: like vLLM, only full blocks are cached and hit.</source>
        <translation>설정: 지정한 프리픽스 적중률. 달성: 계층들이 실제로 보존할 수 있는 비율(보존 풀이 다 들어가지 않을 수 있음)로, 온전한 KV 블록이 처리할 수 있는 비율을 넘지 못합니다. vLLM처럼 꽉 찬 블록만 캐시되고 적중하기 때문입니다.</translation>
    </message>
    <message>
        <source>TTFT without / with reuse</source>
        <translation>TTFT (재사용 없음 / 있음)</translation>
    </message>
    <message>
        <source>Prefill of the whole prompt, without reuse and with the achieved reuse (restoring cached prefixes instead of recomputing them).</source>
        <translation>프롬프트 전체의 프리필 시간입니다. 재사용이 없을 때와, 달성한 재사용률로 캐시된 프리픽스를 재계산 대신 복원할 때입니다.</translation>
    </message>
    <message>
        <source>Decode throughput</source>
        <translation>디코딩 처리량</translation>
    </message>
    <message>
        <source>DRAM per GPU</source>
        <translation>GPU당 D램</translation>
    </message>
    <message>
        <source>Host DRAM used per GPU: read DRAM demand per GPU, not per GPU count (the article).</source>
        <translation>GPU당 쓰이는 호스트 D램입니다. D램 수요는 GPU 대수가 아니라 GPU당 호스트 D램으로 봐야 합니다(기사).</translation>
    </message>
    <message>
        <source>NVMe per server</source>
        <translation>서버당 NVMe</translation>
    </message>
    <message>
        <source>Local NVMe used per server.</source>
        <translation>서버당 쓰이는 로컬 NVMe입니다.</translation>
    </message>
    <message>
        <source>SSD writes per server</source>
        <translation>서버당 SSD 쓰기</translation>
    </message>
    <message>
        <source>Bytes the SSD tier writes per second per server, and drive writes per day against the NVMe capacity (the cards&apos; drives are rated about 1 per day for random writes).</source>
        <translation>SSD 계층이 서버당 초마다 쓰는 바이트와, NVMe 용량 대비 하루 드라이브 쓰기 횟수(DWPD)입니다(카드의 드라이브는 무작위 쓰기 기준 하루 약 1회로 정격).</translation>
    </message>
    <message>
        <source>%1/s, %2 drive writes/day</source>
        <translation>%1/s, DWPD %2</translation>
    </message>
    <message>
        <source>The per-token formula with this scenario&apos;s numbers: nothing hidden.</source>
        <translation>이 시나리오의 숫자를 넣은 토큰당 계산식입니다. 숨긴 항은 없습니다.</translation>
    </message>
    <message>
        <source>%1 per token</source>
        <translation>토큰당 %1</translation>
    </message>
    <message>
        <source>%1 per request</source>
        <translation>요청당 %1</translation>
    </message>
    <message>
        <source>%1 for one sequence</source>
        <translation>%1 (시퀀스 1개)</translation>
    </message>
    <message>
        <source>%1 for %2 sequences</source>
        <translation>%1 (시퀀스 %2개)</translation>
    </message>
    <message>
        <source>%1 at %2 tokens</source>
        <translation>%1개 (%2토큰 기준)</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>KV per token = %1</source>
        <translation>토큰당 KV = %1</translation>
    </message>
    <message>
        <source>— (does not fit)</source>
        <translation>— (들어가지 않음)</translation>
    </message>
    <message>
        <source>Generated tokens per second per replica (under expert parallelism one attention rank), for the served sequences, and per server.</source>
        <translation>레플리카(전문가 병렬에서는 어텐션 랭크 하나)당 초당 생성 토큰 수(처리 중인 시퀀스 기준)와 서버당 수.</translation>
    </message>
    <message>
        <source>%1 tokens/s, %2 per server</source>
        <translation>초당 %1토큰, 서버당 %2</translation>
    </message>
    <message>
        <source>ⓘ Hot set %1 per copy, %2 held on the replica: vLLM keeps MLA&apos;s latent KV whole on each of the %3 TP GPUs instead of splitting it, so the bars show %3 copies. Decode context parallel (DCP, under Advanced) stripes it over them instead.</source>
        <translation>ⓘ 핫셋은 사본 하나에 %1, 레플리카 전체로는 %2입니다: vLLM은 MLA의 잠재 KV를 나누지 않고 TP GPU %3개 각각에 통째로 두므로, 막대는 사본 %3개를 보여 줍니다. 디코드 컨텍스트 병렬(DCP, 고급 설정)을 쓰면 대신 GPU들에 나누어 둡니다.</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::LoadChart</name>
    <message>
        <source>SSD</source>
        <translation>SSD</translation>
    </message>
    <message>
        <source>DRAM</source>
        <translation>D램</translation>
    </message>
    <message>
        <source>Scenario: %1 per server</source>
        <translation>시나리오: 서버당 %1</translation>
    </message>
    <message>
        <source>TTFT target %1 at %2</source>
        <translation>TTFT 목표 %1 (%2)</translation>
    </message>
    <message>
        <source>%1 per server</source>
        <translation>서버당 %1</translation>
    </message>
    <message>
        <source>TTFT p50</source>
        <translation>TTFT p50</translation>
    </message>
    <message>
        <source>TTFT p99</source>
        <translation>TTFT p99</translation>
    </message>
    <message>
        <source>Goodput (requests/s)</source>
        <translation>굿풋(요청/초)</translation>
    </message>
    <message>
        <source>Goodput: requests/s meeting both targets</source>
        <translation>굿풋: 두 목표를 모두 충족한 초당 요청 수</translation>
    </message>
    <message>
        <source>TBT target %1 at %2</source>
        <translation>TBT 목표 %1 (%2)</translation>
    </message>
    <message>
        <source>%1 %2 per server: TTFT p50 %3, p99 %4; TBT p50 %5, p99 %6, requests&apos; TBT %7 %8; goodput %9 requests/s (%10 of requests meet the targets)</source>
        <translation>서버당 %1 %2: TTFT p50 %3, p99 %4; TBT p50 %5, p99 %6, 요청 TBT %7 %8; 굿풋 초당 %9건 (요청의 %10이 목표를 충족)</translation>
    </message>
    <message>
        <source>Time to first token, time between tokens and goodput against %1 per server (trace replayed under load)</source>
        <translation>서버당 %1에 따른 첫 토큰까지 시간, 토큰 간 시간, 굿풋 (부하 상태에서 트레이스 재생)</translation>
    </message>
    <message>
        <source>Goodput: requests/s meeting the three targets</source>
        <translation>굿풋: 세 목표를 모두 충족한 초당 요청 수</translation>
    </message>
    <message>
        <source>TTFT, TBT (s)</source>
        <translation>TTFT, TBT(초)</translation>
    </message>
    <message>
        <source>TBT p50 (all gaps)</source>
        <translation>TBT p50 (모든 간격)</translation>
    </message>
    <message>
        <source>TBT p99 (all gaps)</source>
        <translation>TBT p99 (모든 간격)</translation>
    </message>
    <message>
        <source>Request TBT %1 (Mooncake)</source>
        <translation>요청 TBT %1 (Mooncake)</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::LoadDocument</name>
    <message>
        <source>Replay under load chart</source>
        <translation>부하 상태 재생 차트</translation>
    </message>
    <message>
        <source>Replay under load sweep table</source>
        <translation>부하 상태 재생 스윕 표</translation>
    </message>
    <message>
        <source>Under load: the saved inputs could not be read; the defaults are shown.</source>
        <translation>부하 상태: 저장된 입력을 읽을 수 없어 기본값을 표시합니다.</translation>
    </message>
    <message>
        <source>Under load: read the saved percentile %1 as %2 (percentiles are written 99 for p99, not 0.99)</source>
        <translation>부하 상태: 저장된 백분위수 %1을(를) %2(으)로 읽었습니다 (백분위수는 p99를 0.99가 아니라 99로 씁니다)</translation>
    </message>
    <message>
        <source>Under load: ignored the saved value of %1</source>
        <translation>부하 상태: 저장된 %1 값을 무시했습니다</translation>
    </message>
    <message>
        <source>Size for the SLO</source>
        <translation>SLO에 맞춰 크기 정하기</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::LoadExport</name>
    <message>
        <source>%1 under load: TTFT, TBT and goodput against %2 per server</source>
        <translation>부하 상태의 %1: 서버당 %2에 따른 TTFT, TBT, 굿풋</translation>
    </message>
    <message>
        <source>%1 prefill + %2 decode replicas</source>
        <translation>프리필 %1 + 디코드 %2 레플리카</translation>
    </message>
    <message numerus="yes">
        <source>%n colocated replicas</source>
        <translation>
            <numerusform>통합 배치 레플리카 %n개</numerusform>
        </translation>
    </message>
    <message>
        <source>TBT target %1 at %2 of requests&apos; TBT (the mean of each one&apos;s longest 10% of gaps)</source>
        <translation>TBT 목표 %1 (요청 TBT의 %2, 요청마다 가장 긴 10% 간격의 평균)</translation>
    </message>
    <message>
        <source>no TBT target</source>
        <translation>TBT 목표 없음</translation>
    </message>
    <message>
        <source>%1&apos;s scenario on %2, each point a replay of every request at its timestamp; the other tiers as the scenario has them. Scenario&apos;s %3: %4 per server. TTFT target %5 at %6; TPOT target %7 at %8; %9; goodput counts requests per second meeting them. %10. kvtiers %11.</source>
        <translation>%1 시나리오, %2, 각 점은 모든 요청을 그 타임스탬프에 재생한 결과이며 다른 계층은 시나리오 그대로입니다. 시나리오의 %3: 서버당 %4. TTFT 목표 %5 (%6); TPOT 목표 %7 (%8); %9; 굿풋은 이 목표를 충족한 초당 요청 수입니다. %10. kvtiers %11.</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::LoadView</name>
    <message>
        <source>&amp;Vary:</source>
        <translation>변화(&amp;V):</translation>
    </message>
    <message>
        <source>DRAM per server</source>
        <translation>서버당 D램</translation>
    </message>
    <message>
        <source>SSD per server</source>
        <translation>서버당 SSD</translation>
    </message>
    <message>
        <source>&amp;Points:</source>
        <translation>지점(&amp;P):</translation>
    </message>
    <message>
        <source>&amp;Replay</source>
        <translation>재생(&amp;R)</translation>
    </message>
    <message>
        <source>Replay the trace under load at each capacity, in the background</source>
        <translation>트레이스를 각 용량에서 부하 상태로 재생합니다 (백그라운드)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>내보내기…</translation>
    </message>
    <message>
        <source>The chart as PNG, SVG or PDF, or the sweep as a CSV table</source>
        <translation>차트를 PNG, SVG, PDF로, 또는 스윕을 CSV 표로</translation>
    </message>
    <message numerus="yes">
        <source>Replaying %1 at %n capacities…</source>
        <translation>
            <numerusform>%1을(를) 용량 %n개에서 재생하는 중…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>취소했습니다.</translation>
    </message>
    <message>
        <source>Showing the replay of %1 for the earlier inputs; Replay again for the current ones.</source>
        <translation>이전 입력으로 재생한 %1을(를) 표시하고 있습니다. 현재 입력으로 보려면 다시 재생하세요.</translation>
    </message>
    <message>
        <source>Open a trace first: the replay runs the trace the tab has read.</source>
        <translation>먼저 트레이스를 여세요: 이 탭에서 읽은 트레이스를 재생합니다.</translation>
    </message>
    <message>
        <source>Press Replay to replay %1 under load at each capacity.</source>
        <translation>재생을 누르면 %1을(를) 각 용량에서 부하 상태로 재생합니다.</translation>
    </message>
    <message numerus="yes">
        <source>%1 replayed with %2&apos;s scenario at %n capacities of %3 per server; the other tiers as the scenario has them.</source>
        <translation>
            <numerusform>%1을(를) %2 시나리오로 서버당 %3 용량 %n개에서 재생했습니다. 다른 계층은 시나리오 그대로입니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the replay under load</source>
        <translation>부하 상태 재생 내보내기</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV table (*.csv)</source>
        <translation>PNG 이미지 (*.png);;SVG 도면 (*.svg);;PDF (*.pdf);;CSV 표 (*.csv)</translation>
    </message>
    <message>
        <source>Exported the replay under load to %1</source>
        <translation>부하 상태 재생을 %1(으)로 내보냈습니다</translation>
    </message>
    <message>
        <source>Traffic ×</source>
        <translation>트래픽 ×</translation>
    </message>
    <message>
        <source>at</source>
        <translation>백분위</translation>
    </message>
    <message>
        <source>Fixed capacity, blocks:</source>
        <translation>고정 용량(블록):</translation>
    </message>
    <message>
        <source>scenario&apos;s</source>
        <translation>시나리오 값</translation>
    </message>
    <message>
        <source>Vary</source>
        <translation>변화</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>지점</translation>
    </message>
    <message>
        <source>Traffic</source>
        <translation>트래픽</translation>
    </message>
    <message>
        <source>TTFT target</source>
        <translation>TTFT 목표</translation>
    </message>
    <message>
        <source>TPOT target</source>
        <translation>TPOT 목표</translation>
    </message>
    <message>
        <source>TTFT percentile</source>
        <translation>TTFT 백분위수</translation>
    </message>
    <message>
        <source>TPOT percentile</source>
        <translation>TPOT 백분위수</translation>
    </message>
    <message>
        <source>Fixed %1</source>
        <translation>고정 %1</translation>
    </message>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>DRAM</source>
        <translation>D램</translation>
    </message>
    <message>
        <source>SSD</source>
        <translation>SSD</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>%1 변경</translation>
    </message>
    <message>
        <source>Replicas replayed: %1, each running at most %2 sequences at once (the scenario&apos;s concurrency).</source>
        <translation>재생한 레플리카: %1개, 각각 한 번에 최대 %2개 시퀀스 실행 (시나리오의 동시 처리 요청 수).</translation>
    </message>
    <message>
        <source>Replicas replayed: %1, each running at most %2 sequences at once (as typed).</source>
        <translation>재생한 레플리카: %1개, 각각 한 번에 최대 %2개 시퀀스 실행 (입력한 값).</translation>
    </message>
    <message>
        <source>The scenario offloads nothing (offload rate 0%): at its own point, 0 B of %1, %1 serves no hit. The other points assume every evicted block is offloaded to %1 (offload rate 100%).</source>
        <translation>시나리오가 아무것도 오프로드하지 않습니다(오프로드율 0%): 시나리오 자체 지점인 %1 0 B에서는 %1이(가) 적중을 하나도 제공하지 않습니다. 나머지 지점은 내보낸 블록이 모두 %1(으)로 오프로드된다고 가정합니다(오프로드율 100%).</translation>
    </message>
    <message>
        <source>%1 is replayed as if every evicted block were offloaded to it; the scenario offloads %2 of them, so its hits here are an upper bound.</source>
        <translation>%1은(는) 내보낸 블록이 모두 오프로드된다고 보고 재생합니다. 시나리오는 그중 %2만 오프로드하므로 여기의 적중은 상한입니다.</translation>
    </message>
    <message>
        <source>Overloaded at %1 of %2 capacities: %3 requests/s offered, %4 served at %5 per server. The replicas cannot keep up, so the queue grows as the trace arrives and TTFT measures the backlog; add replicas or lower the traffic.</source>
        <translation>용량 %2개 중 %1개에서 과부하: 초당 %3건 요청이 들어오지만 서버당 %5에서는 초당 %4건만 처리합니다. 레플리카가 따라가지 못해 트레이스가 도착하는 동안 대기열이 쌓이므로 TTFT는 밀린 작업을 나타냅니다. 레플리카를 늘리거나 트래픽을 낮추십시오.</translation>
    </message>
    <message>
        <source>Sequences a replica runs at once (vLLM&apos;s max_num_seqs); empty: the scenario&apos;s concurrency, shown greyed</source>
        <translation>레플리카 하나가 한 번에 실행하는 시퀀스 수(vLLM의 max_num_seqs)입니다. 비워 두면 흐리게 표시된 시나리오의 동시 처리 요청 수를 씁니다</translation>
    </message>
    <message>
        <source>Replicas the trace is replayed on; empty: the scenario&apos;s, shown greyed</source>
        <translation>트레이스를 재생할 레플리카 수입니다. 비워 두면 흐리게 표시된 시나리오 값을 씁니다</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>레플리카 수</translation>
    </message>
    <message>
        <source>R&amp;eplicas:</source>
        <translation>레플리카(&amp;E):</translation>
    </message>
    <message>
        <source>&amp;Sequence limit:</source>
        <translation>시퀀스 상한(&amp;S):</translation>
    </message>
    <message>
        <source>Sequence limit</source>
        <translation>시퀀스 상한</translation>
    </message>
    <message>
        <source>%1 met</source>
        <translation>%1개 충족</translation>
    </message>
    <message>
        <source>%1 missed</source>
        <translation>%1개 미달</translation>
    </message>
    <message>
        <source>Sized for the SLO at %1 requests/s: the fleet sizing (its queueing model, the scenario&apos;s lengths) needs %2 replicas of %3 sequences; replayed with %4 sequences, the trace meets TTFT %5 within %6 and TPOT %7 within %8 on %9 replicas at the scenario&apos;s capacities (replayed: %10).</source>
        <translation>초당 %1개 요청에 맞춘 SLO 크기: 플릿 산정(대기열 모델, 시나리오의 길이)은 시퀀스 %3개짜리 복제본 %2개가 필요하다고 봅니다. 시퀀스 %4개로 재생하면 시나리오의 용량에서 복제본 %9개일 때 트레이스가 TTFT %5 %6 이내, TPOT %7 %8 이내를 충족합니다 (재생한 개수: %10).</translation>
    </message>
    <message>
        <source>Si&amp;ze for the SLO</source>
        <translation>SLO에 맞춰 크기 정하기(&amp;Z)</translation>
    </message>
    <message>
        <source>Sizing for the SLO: replaying %1 at replica counts from the fleet sizing&apos;s…</source>
        <translation>SLO에 맞춰 크기 정하는 중: 플릿 산정의 개수부터 %1을(를) 여러 복제본 수로 재생하는 중…</translation>
    </message>
    <message>
        <source>Colocated</source>
        <translation>통합 배치</translation>
    </message>
    <message>
        <source>Prefill + decode</source>
        <translation>프리필 + 디코드</translation>
    </message>
    <message>
        <source>Colocated: every replica prefills and decodes. Prefill + decode: P replicas only prefill and D only decode, each the scenario&apos;s TP GPUs, and every request&apos;s KV crosses the scale-out network between them</source>
        <translation>통합 배치: 모든 레플리카가 프리필과 디코드를 함께 합니다. 프리필 + 디코드: P개 레플리카는 프리필만, D개는 디코드만 하며(각각 시나리오의 TP GPU), 요청마다 KV가 그 사이의 스케일아웃 네트워크를 건넙니다</translation>
    </message>
    <message>
        <source>Pref&amp;ill:</source>
        <translation>프리필(&amp;I):</translation>
    </message>
    <message>
        <source>&amp;Decode:</source>
        <translation>디코드(&amp;D):</translation>
    </message>
    <message>
        <source>Cac&amp;he at:</source>
        <translation>캐시 위치(&amp;H):</translation>
    </message>
    <message>
        <source>Change Layout</source>
        <translation>배치 변경</translation>
    </message>
    <message>
        <source>Each point replays every request of the trace at its timestamp on the scenario&apos;s replicas (queueing, restores over the links, chunked prefill, decode), as kvtiers replay does in a sweep; goodput counts the requests per second that meet the latency targets.</source>
        <translation>각 점은 트레이스의 모든 요청을 그 타임스탬프에 시나리오의 레플리카에서 재생한 결과입니다 (대기열, 링크를 통한 복원, 청크 프리필, 디코드; kvtiers replay의 스윕과 같음). 굿풋은 지연 목표를 충족한 초당 요청 수입니다.</translation>
    </message>
    <message>
        <source>%1 prefill + %2 decode</source>
        <translation>프리필 %1 + 디코드 %2</translation>
    </message>
    <message>
        <source>the prefill replica</source>
        <translation>프리필 레플리카</translation>
    </message>
    <message>
        <source>the decode replica, after the transfer</source>
        <translation>전송 뒤의 디코드 레플리카</translation>
    </message>
    <message>
        <source>each prefill server&apos;s own</source>
        <translation>각 프리필 서버 자체</translation>
    </message>
    <message>
        <source>the decode servers&apos;</source>
        <translation>디코드 서버</translation>
    </message>
    <message>
        <source>one pool across the prefill servers</source>
        <translation>프리필 서버 전체에 걸친 하나의 풀</translation>
    </message>
    <message>
        <source>Prefill and decode split: the first token from %1; %2 of each KV transfer streamed during its prefill; DRAM/SSD prefix cache: %3. KV transfer at %4 per server: mean %5, p99 %6 a request; %7 sent in all, %8 over the replay (%9 of the prefill NICs&apos; time).</source>
        <translation>프리필·디코드 분리: 첫 토큰은 %1에서 나옵니다. KV 전송마다 %2를 프리필 중에 흘려 보냅니다. DRAM/SSD 프리픽스 캐시: %3. 서버당 %4에서 KV 전송: 요청당 평균 %5, p99 %6; 모두 %7 전송, 재생 동안 %8 (프리필 NIC 시간의 %9).</translation>
    </message>
    <message>
        <source>TBT target</source>
        <translation>TBT 목표</translation>
    </message>
    <message>
        <source>TBT percentile</source>
        <translation>TBT 백분위수</translation>
    </message>
    <message>
        <source>Prefill replicas</source>
        <translation>프리필 레플리카</translation>
    </message>
    <message>
        <source>Decode replicas</source>
        <translation>디코드 레플리카</translation>
    </message>
    <message>
        <source>First token from</source>
        <translation>첫 토큰 출처</translation>
    </message>
    <message>
        <source>Transfer overlap</source>
        <translation>전송 중첩</translation>
    </message>
    <message>
        <source>Cache at</source>
        <translation>캐시 위치</translation>
    </message>
    <message>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <source>Find the fewest replicas meeting the targets at the trace&apos;s rate: the fleet sizing&apos;s count and sequences per replica first, then replays up or down from it; the sweep then runs at the count found. Colocated replicas only</source>
        <translation>트레이스의 요청률에서 목표를 충족하는 가장 적은 레플리카 수를 찾습니다: 먼저 플릿 산정의 레플리카 수와 레플리카당 시퀀스 수로 시작해 그보다 위아래로 재생하고, 찾은 수로 스윕을 실행합니다. 통합 배치 레플리카에만 해당합니다</translation>
    </message>
    <message>
        <source>Layo&amp;ut:</source>
        <translation>배치(&amp;U):</translation>
    </message>
    <message>
        <source>First to&amp;ken:</source>
        <translation>첫 토큰(&amp;K):</translation>
    </message>
    <message>
        <source>Over&amp;lap:</source>
        <translation>중첩(&amp;L):</translation>
    </message>
    <message>
        <source>prefill</source>
        <comment>first token from</comment>
        <translation>프리필</translation>
    </message>
    <message>
        <source>decode</source>
        <comment>first token from</comment>
        <translation>디코드</translation>
    </message>
    <message>
        <source>prefill</source>
        <comment>cache at</comment>
        <translation>프리필</translation>
    </message>
    <message>
        <source>decode</source>
        <comment>cache at</comment>
        <translation>디코드</translation>
    </message>
    <message>
        <source>shared</source>
        <comment>cache at</comment>
        <translation>공유</translation>
    </message>
    <message>
        <source>Targets:</source>
        <translation>목표:</translation>
    </message>
    <message>
        <source>TT&amp;FT (s):</source>
        <translation>TTFT(초)(&amp;F):</translation>
    </message>
    <message>
        <source>TP&amp;OT (s):</source>
        <translation>TPOT(초)(&amp;O):</translation>
    </message>
    <message>
        <source>TB&amp;T (s):</source>
        <translation>TBT(초)(&amp;T):</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::MainWindow</name>
    <message>
        <source>Outlook</source>
        <translation>전망</translation>
    </message>
    <message>
        <source>Undone: %1</source>
        <translation>실행 취소함: %1</translation>
    </message>
    <message>
        <source>Redone: %1</source>
        <translation>다시 실행함: %1</translation>
    </message>
    <message>
        <source>kvtiers</source>
        <translation>kvtiers</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>시나리오</translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation>플릿</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>민감도</translation>
    </message>
    <message>
        <source>Sensitivity: wrote %1</source>
        <translation>민감도: %1 저장함</translation>
    </message>
    <message>
        <source>Skipped unreadable card file(s): %1</source>
        <translation>읽을 수 없는 카드 파일을 건너뜀: %1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>파일(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>끝내기(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>편집(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>실행 취소(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>%1 실행 취소(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>다시 실행(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>%1 다시 실행(&amp;R)</translation>
    </message>
    <message>
        <source>Reset to &amp;article defaults</source>
        <translation>기사 기본값으로 되돌리기(&amp;A)</translation>
    </message>
    <message>
        <source>Llama 3.1 70B, 128K context × 10 sequences, FP16 KV, one 8 × H200 server, no reuse.</source>
        <translation>Llama 3.1 70B, 128K 문맥 × 시퀀스 10개, FP16 KV, 8 × H200 서버 1대, 재사용 없음.</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>보기(&amp;V)</translation>
    </message>
    <message>
        <source>Bytes per &amp;GPU</source>
        <translation>GPU당 바이트(&amp;G)</translation>
    </message>
    <message>
        <source>Bytes per &amp;replica</source>
        <translation>레플리카당 바이트(&amp;R)</translation>
    </message>
    <message>
        <source>Bytes per &amp;server</source>
        <translation>서버당 바이트(&amp;S)</translation>
    </message>
    <message>
        <source>Sweep against &amp;context</source>
        <translation>문맥 길이로 스윕(&amp;C)</translation>
    </message>
    <message>
        <source>Sweep against c&amp;oncurrency</source>
        <translation>동시 처리 요청 수로 스윕(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Advanced controls</source>
        <translation>고급 컨트롤(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>전체 화면(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Units</source>
        <translation>단위(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Decimal (GB, TB — as memory is sold)</source>
        <translation>십진(GB, TB — 메모리 판매 단위)(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Binary (GiB, TiB — as allocators count)</source>
        <translation>이진(GiB, TiB — 메모리 할당기가 세는 단위)(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>언어(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;System language</source>
        <translation>시스템 언어(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>도움말(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About kvtiers</source>
        <translation>kvtiers 정보(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Qt 정보(&amp;Q)</translation>
    </message>
    <message>
        <source>kvtiers: %1 on %2</source>
        <translation>kvtiers: %1 (%2)</translation>
    </message>
    <message>
        <source>&lt;h3&gt;kvtiers %1&lt;/h3&gt;&lt;p&gt;How much HBM, server DRAM and SSD an LLM inference deployment needs: the KV working set and its reuse, not the token count, decide memory demand.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;kvtiers %1&lt;/h3&gt;&lt;p&gt;LLM 추론 배포에 HBM, 서버 D램, SSD가 얼마나 필요한지 계산합니다. 메모리 수요를 가르는 것은 토큰 수가 아니라 KV 작업집합과 재사용률입니다.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Sources named by the article&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Meta Llama 3.1 model specification&lt;/li&gt;&lt;li&gt;NVIDIA TensorRT-LLM KV cache reuse and offloading documentation&lt;/li&gt;&lt;li&gt;The Mooncake paper&lt;/li&gt;&lt;li&gt;The FlexGen paper&lt;/li&gt;&lt;li&gt;The DeepSeek-V2 paper&lt;/li&gt;&lt;li&gt;The vLLM PagedAttention paper&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;기사의 출처&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Meta Llama 3.1 모델 사양&lt;/li&gt;&lt;li&gt;NVIDIA TensorRT-LLM KV 캐시 재사용·오프로딩 문서&lt;/li&gt;&lt;li&gt;Mooncake 논문&lt;/li&gt;&lt;li&gt;FlexGen 논문&lt;/li&gt;&lt;li&gt;DeepSeek-V2 논문&lt;/li&gt;&lt;li&gt;vLLM PagedAttention 논문&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;This scenario&apos;s cards&lt;/b&gt;&lt;/p&gt;&lt;p&gt;%1&lt;/p&gt;&lt;ul&gt;%2&lt;/ul&gt;&lt;p&gt;%3&lt;/p&gt;&lt;ul&gt;%4&lt;/ul&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;이 시나리오의 카드&lt;/b&gt;&lt;/p&gt;&lt;p&gt;%1&lt;/p&gt;&lt;ul&gt;%2&lt;/ul&gt;&lt;p&gt;%3&lt;/p&gt;&lt;ul&gt;%4&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1&lt;/p&gt;&lt;ul&gt;%2&lt;/ul&gt;</source>
        <translation>&lt;p&gt;%1&lt;/p&gt;&lt;ul&gt;%2&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>About kvtiers</source>
        <translation>kvtiers 정보</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>프리셋</translation>
    </message>
    <message>
        <source>Skipped unreadable preset file(s): %1</source>
        <translation>읽을 수 없는 프리셋 파일을 건너뛰었습니다: %1</translation>
    </message>
    <message>
        <source>Save scenario as &amp;preset…</source>
        <translation>시나리오를 프리셋으로 저장(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Import preset…</source>
        <translation>프리셋 가져오기(&amp;I)…</translation>
    </message>
    <message>
        <source>Co&amp;mpare presets…</source>
        <translation>프리셋 비교(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Export tier chart…</source>
        <translation>계층 차트 내보내기(&amp;E)…</translation>
    </message>
    <message>
        <source>Export s&amp;weep…</source>
        <translation>스윕 내보내기(&amp;W)…</translation>
    </message>
    <message>
        <source>Export &amp;comparison…</source>
        <translation>비교 내보내기(&amp;C)…</translation>
    </message>
    <message>
        <source>Export scenario &amp;JSON…</source>
        <translation>시나리오 JSON 내보내기(&amp;J)…</translation>
    </message>
    <message>
        <source>Copy chart to clip&amp;board</source>
        <translation>차트를 클립보드에 복사(&amp;B)</translation>
    </message>
    <message>
        <source>Export si&amp;ze…</source>
        <translation>내보내기 크기(&amp;Z)…</translation>
    </message>
    <message>
        <source>&amp;Presets panel</source>
        <translation>프리셋 패널(&amp;P)</translation>
    </message>
    <message>
        <source>Pick 2 to 4 presets (or a built-in comparison), then export.</source>
        <translation>프리셋 2~4개(또는 기본 제공 비교)를 고른 뒤 내보내세요.</translation>
    </message>
    <message>
        <source>Export size</source>
        <translation>내보내기 크기</translation>
    </message>
    <message>
        <source>Chart size and scale as WIDTHxHEIGHT@SCALE (e.g. 1600x900@2 gives a 3200 × 1800 px PNG):</source>
        <translation>차트 크기와 배율을 너비x높이@배율로 입력하세요(예: 1600x900@2는 3200 × 1800 px PNG):</translation>
    </message>
    <message>
        <source>Export size &quot;%1&quot;: use WIDTHxHEIGHT@SCALE, 16 to 20000 pixels, scale 0.25 to 8</source>
        <translation>내보내기 크기 &quot;%1&quot;: 너비x높이@배율 형식, 16~20000픽셀, 배율 0.25~8로 입력하세요</translation>
    </message>
    <message>
        <source>Charts export at %1 × %2, scale %3</source>
        <translation>차트 내보내기 크기: %1 × %2, 배율 %3</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>도구(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Import config.json…</source>
        <translation>config.json 가져오기(&amp;I)…</translation>
    </message>
    <message>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <source>Compare with a &amp;vLLM log…</source>
        <translation>vLLM 로그와 비교(&amp;V)…</translation>
    </message>
    <message>
        <source>Import config.json</source>
        <translation>config.json 가져오기</translation>
    </message>
    <message>
        <source>The imported model could not be saved to %1: %2</source>
        <translation>가져온 모델을 %1에 저장하지 못했습니다: %2</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>%1 가져오기</translation>
    </message>
    <message>
        <source>Imported %1 (saved as %2)</source>
        <translation>%1 가져옴 (%2에 저장)</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>트레이스</translation>
    </message>
    <message>
        <source>Open &amp;trace…</source>
        <translation>트레이스 열기(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;How kvtiers computes this</source>
        <translation>kvtiers의 계산 방법(&amp;H)</translation>
    </message>
    <message>
        <source>Export tier &amp;table (CSV)…</source>
        <translation>계층 표 내보내기(CSV)(&amp;T)…</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>%1 열기</translation>
    </message>
    <message>
        <source>%1: not a Hugging Face config.json nor a kvtiers preset (a trace is JSON Lines, one request per line)</source>
        <translation>%1: Hugging Face config.json도 kvtiers 프리셋도 아닙니다 (트레이스는 요청마다 한 줄인 JSON Lines입니다)</translation>
    </message>
    <message>
        <source>%1 is not a Hugging Face config.json nor a kvtiers preset. Request traces are JSON Lines files (.jsonl), one request per line.</source>
        <translation>%1은(는) Hugging Face config.json도 kvtiers 프리셋도 아닙니다. 요청 트레이스는 요청마다 한 줄인 JSON Lines 파일(.jsonl)입니다.</translation>
    </message>
    <message>
        <source>&amp;Next tab</source>
        <translation>다음 탭(&amp;N)</translation>
    </message>
    <message>
        <source>P&amp;revious tab</source>
        <translation>이전 탭(&amp;R)</translation>
    </message>
    <message>
        <source>Export from &amp;Fleet</source>
        <translation>플릿에서 내보내기(&amp;F)</translation>
    </message>
    <message>
        <source>Export from Se&amp;nsitivity</source>
        <translation>민감도에서 내보내기(&amp;N)</translation>
    </message>
    <message>
        <source>Export from T&amp;race</source>
        <translation>트레이스에서 내보내기(&amp;R)</translation>
    </message>
    <message>
        <source>Export from &amp;Under load</source>
        <translation>부하 상태에서 내보내기(&amp;U)</translation>
    </message>
    <message>
        <source>Export from &amp;Outlook</source>
        <translation>전망에서 내보내기(&amp;O)</translation>
    </message>
    <message>
        <source>Nothing to export yet</source>
        <translation>아직 내보낼 것이 없습니다</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 이미지 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 도면 (*.svg)</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV 표 (*.csv)</translation>
    </message>
    <message>
        <source>%1 file (*.%2)</source>
        <translation>%1 파일 (*.%2)</translation>
    </message>
    <message>
        <source>%1: %2 is written as %3, not .%4</source>
        <translation>%1: %2은(는) .%4이(가) 아니라 %3 형식으로 씁니다</translation>
    </message>
    <message>
        <source>Exported %1 to %2</source>
        <translation>%1을(를) %2에 내보냈습니다</translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation>%1 보기</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::ModelHelpDialog</name>
    <message>
        <source>How kvtiers computes this</source>
        <translation>kvtiers의 계산 방법</translation>
    </message>
    <message>
        <source>This explanation is written in English; the figures and terms match the app.</source>
        <translation>이 설명은 영어로 작성되어 있습니다. 수치와 용어는 앱과 같습니다.</translation>
    </message>
    <message>
        <source>The model description is missing from this build.</source>
        <translation>이 빌드에는 모델 설명이 들어 있지 않습니다.</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::ModelImportDialog</name>
    <message>
        <source>full attention</source>
        <translation>전체 어텐션</translation>
    </message>
    <message>
        <source>sliding window</source>
        <translation>슬라이딩 윈도</translation>
    </message>
    <message>
        <source>chunked attention</source>
        <translation>청크 어텐션</translation>
    </message>
    <message>
        <source>MLA</source>
        <translation>MLA</translation>
    </message>
    <message>
        <source>state (Mamba / linear)</source>
        <translation>상태 (Mamba / 선형)</translation>
    </message>
    <message>
        <source>Import a model from config.json</source>
        <translation>config.json에서 모델 가져오기</translation>
    </message>
    <message>
        <source>Open a Hugging Face &lt;tt&gt;config.json&lt;/tt&gt;, drop it here, or paste its text below.</source>
        <translation>Hugging Face &lt;tt&gt;config.json&lt;/tt&gt;을 열거나, 여기에 끌어다 놓거나, 아래에 내용을 붙여 넣으세요.</translation>
    </message>
    <message>
        <source>&amp;Open config.json…</source>
        <translation>config.json 열기(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>가져오기(&amp;I)</translation>
    </message>
    <message>
        <source>{ &quot;model_type&quot;: &quot;llama&quot;, &quot;num_hidden_layers&quot;: 32, … }</source>
        <translation>{ &quot;model_type&quot;: &quot;llama&quot;, &quot;num_hidden_layers&quot;: 32, … }</translation>
    </message>
    <message>
        <source>Missing fields: fill them in and import again</source>
        <translation>빠진 필드: 채운 뒤 다시 가져오세요</translation>
    </message>
    <message>
        <source>Imported model</source>
        <translation>가져온 모델</translation>
    </message>
    <message>
        <source>Nothing imported yet.</source>
        <translation>아직 가져온 것이 없습니다.</translation>
    </message>
    <message>
        <source>&amp;Use this model</source>
        <translation>이 모델 사용(&amp;U)</translation>
    </message>
    <message>
        <source>Open config.json</source>
        <translation>config.json 열기</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 파일 (*.json);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>출처: %1</translation>
    </message>
    <message>
        <source>Paste the text of a config.json, or open one.</source>
        <translation>config.json 내용을 붙여 넣거나 파일을 여세요.</translation>
    </message>
    <message>
        <source>Not imported.</source>
        <translation>가져오지 않았습니다.</translation>
    </message>
    <message>
        <source>pasted text</source>
        <translation>붙여 넣은 텍스트</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>숫자</translation>
    </message>
    <message>
        <source>KV cache: %1 B per token (%2) in %3</source>
        <translation>KV 캐시: %3 기준 토큰당 %1 B (%2)</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source> (%1 KV heads × %2)</source>
        <translation> (KV 헤드 %1개 × %2)</translation>
    </message>
    <message>
        <source> (%1 KV heads × %2, window %3)</source>
        <translation> (KV 헤드 %1개 × %2, 윈도 %3)</translation>
    </message>
    <message>
        <source> (%1 KV heads × %2, chunks of %3)</source>
        <translation> (KV 헤드 %1개 × %2, 청크 %3)</translation>
    </message>
    <message>
        <source> (latent %1 + rope %2)</source>
        <translation> (잠재 %1 + RoPE %2)</translation>
    </message>
    <message>
        <source> (%1 per sequence per layer)</source>
        <translation> (레이어당 시퀀스당 %1)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (id &lt;tt&gt;%2&lt;/tt&gt;)&lt;br&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (id &lt;tt&gt;%2&lt;/tt&gt;)&lt;br&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (id &lt;tt&gt;%2&lt;/tt&gt;, family %3)&lt;br&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (id &lt;tt&gt;%2&lt;/tt&gt;, 계열 %3)&lt;br&gt;</translation>
    </message>
    <message>
        <source>Layers: %1&lt;br&gt;</source>
        <translation>레이어: %1&lt;br&gt;</translation>
    </message>
    <message>
        <source>Parameters: %1 total, %2 active; weights %3 bit; max context %4 tokens</source>
        <translation>파라미터: 전체 %1, 활성 %2, 가중치 %3비트, 최대 문맥 %4토큰</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Assumed:</source>
        <translation>가정:</translation>
    </message>
    <message>
        <source>empty: %1, one per attention head (MHA)</source>
        <translation>비우면: %1개, 어텐션 헤드마다 하나(MHA)</translation>
    </message>
    <message>
        <source>empty: one per attention head (MHA)</source>
        <translation>비우면: 어텐션 헤드마다 하나(MHA)</translation>
    </message>
    <message>
        <source>The built-in card “%1” (%2) is this model, from its sources: pick it in the Model picker rather than import.</source>
        <translation>내장 카드 “%1”(%2)이(가) 출처에 근거한 이 모델입니다. 가져오는 대신 모델 선택기에서 고르십시오.</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::OutlookChart</name>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>DRAM</source>
        <translation>D램</translation>
    </message>
    <message>
        <source>SSD</source>
        <translation>SSD</translation>
    </message>
    <message>
        <source>tokens per day</source>
        <translation>일일 토큰 수</translation>
    </message>
    <message>
        <source>Each tier&apos;s needed bytes and tokens per day, relative to %1</source>
        <translation>계층별 필요 바이트와 일일 토큰 수 (%1년 = 1)</translation>
    </message>
    <message>
        <source>Bytes each tier needs, per year (%1)</source>
        <translation>연도별 계층 필요 바이트 (%1)</translation>
    </message>
    <message>
        <source>decimal: EB</source>
        <translation>십진: EB</translation>
    </message>
    <message>
        <source>binary: EiB</source>
        <translation>이진: EiB</translation>
    </message>
    <message>
        <source>index (first year = 1)</source>
        <translation>지수 (첫해 = 1)</translation>
    </message>
    <message>
        <source>needed bytes</source>
        <translation>필요 바이트</translation>
    </message>
    <message>
        <source>year (a scenario, not a forecast)</source>
        <translation>연도 (예측이 아닌 시나리오)</translation>
    </message>
    <message>
        <source>%1 (a scenario)</source>
        <translation>%1년 (시나리오)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::OutlookChartsPage</name>
    <message>
        <source>Growth index</source>
        <translation>성장 지수</translation>
    </message>
    <message>
        <source>Bytes per year</source>
        <translation>연도별 바이트</translation>
    </message>
    <message>
        <source>What moves each tier</source>
        <translation>각 계층을 움직이는 요인</translation>
    </message>
    <message>
        <source>&amp;Tier:</source>
        <translation>계층(&amp;T):</translation>
    </message>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>DRAM</source>
        <translation>D램</translation>
    </message>
    <message>
        <source>SSD</source>
        <translation>SSD</translation>
    </message>
    <message>
        <source>What made it grow</source>
        <translation>증가 요인 분해</translation>
    </message>
    <message>
        <source>The growth cannot be split: %1</source>
        <translation>증가를 분해할 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Splitting the growth by driver…</source>
        <translation>요인별로 증가를 분해하는 중…</translation>
    </message>
    <message>
        <source>Per workload</source>
        <translation>워크로드별</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::OutlookDocument</name>
    <message>
        <source>no saved outlook called &quot;%1&quot;</source>
        <translation>&quot;%1&quot;(이)라는 저장된 전망이 없습니다</translation>
    </message>
    <message>
        <source>tokens per day</source>
        <translation>일일 토큰 수</translation>
    </message>
    <message>
        <source>TTFT target</source>
        <translation>TTFT 목표</translation>
    </message>
    <message>
        <source>TPOT target</source>
        <translation>TPOT 목표</translation>
    </message>
    <message>
        <source>share of %1</source>
        <translation>%1 비중</translation>
    </message>
    <message>
        <source>no such driver</source>
        <translation>해당 요인이 없습니다</translation>
    </message>
    <message>
        <source>Outlook %1: %2</source>
        <translation>전망 %1년: %2</translation>
    </message>
    <message>
        <source>%1: export as .png, .svg, .pdf, .csv or .json</source>
        <translation>%1: .png, .svg, .pdf, .csv 또는 .json으로 내보내세요</translation>
    </message>
    <message>
        <source>Outlook thesis chart</source>
        <translation>전망 논지 차트</translation>
    </message>
    <message>
        <source>Outlook years (CSV)</source>
        <translation>전망 연도별 표 (CSV)</translation>
    </message>
    <message>
        <source>Outlook card (JSON)</source>
        <translation>전망 카드 (JSON)</translation>
    </message>
    <message>
        <source>%1: the outlook cannot be sized: %2</source>
        <translation>%1: 전망을 산정할 수 없습니다: %2</translation>
    </message>
    <message>
        <source>Outlook bytes per tier chart</source>
        <translation>전망 계층별 바이트 차트</translation>
    </message>
    <message>
        <source>Outlook driver tornado chart</source>
        <translation>전망 동인 토네이도 차트</translation>
    </message>
    <message>
        <source>Outlook growth decomposition chart</source>
        <translation>전망 성장 분해 차트</translation>
    </message>
    <message>
        <source>context of %1</source>
        <translation>%1의 컨텍스트</translation>
    </message>
    <message>
        <source>output tokens of %1</source>
        <translation>%1의 출력 토큰</translation>
    </message>
    <message>
        <source>prefix reuse of %1</source>
        <translation>%1의 접두사 재사용</translation>
    </message>
    <message>
        <source>KV format of %1</source>
        <translation>%1의 KV 형식</translation>
    </message>
    <message>
        <source>model of %1</source>
        <translation>%1의 모델</translation>
    </message>
    <message>
        <source>TTFT target of %1</source>
        <translation>%1의 TTFT 목표</translation>
    </message>
    <message>
        <source>TPOT target of %1</source>
        <translation>%1의 TPOT 목표</translation>
    </message>
    <message>
        <source>sessions per day of %1</source>
        <translation>%1의 하루 세션 수</translation>
    </message>
    <message>
        <source>requests per session of %1</source>
        <translation>%1의 세션당 요청 수</translation>
    </message>
    <message>
        <source>requests per day of %1</source>
        <translation>%1의 하루 요청 수</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::OutlookDriversTable</name>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Year</source>
        <translation>연도</translation>
    </message>
    <message>
        <source>Tokens per day</source>
        <translation>일일 토큰 수</translation>
    </message>
    <message>
        <source>TTFT target (s)</source>
        <translation>TTFT 목표 (초)</translation>
    </message>
    <message>
        <source>TPOT target (s)</source>
        <translation>TPOT 목표 (초)</translation>
    </message>
    <message>
        <source>%1 share</source>
        <translation>%1 비중</translation>
    </message>
    <message>
        <source>Share of requests: %1</source>
        <translation>요청 비중: %1</translation>
    </message>
    <message>
        <source>no such driver</source>
        <translation>해당 요인이 없습니다</translation>
    </message>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>DRAM</source>
        <translation>D램</translation>
    </message>
    <message>
        <source>NAND</source>
        <translation>NAND</translation>
    </message>
    <message>
        <source>%1 %2 %</source>
        <translation>%1 %2 %</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Needed bytes as a share of the industry&apos;s bit supply (inference serving only; training, idle and non-AI demand excluded): %1</source>
        <translation>업계 비트 공급 대비 필요 바이트의 비중(추론 서빙만 포함, 학습·유휴·비AI 수요 제외): %1</translation>
    </message>
    <message>
        <source>The year&apos;s default time-to-first-token target, for the workloads without their own (the Workloads pages show each one&apos;s)</source>
        <translation>자체 목표가 없는 워크로드에 쓰는 그해 기본 첫 토큰 시간 목표(워크로드 페이지에 각각의 목표가 있습니다)</translation>
    </message>
    <message>
        <source>The year&apos;s default time-per-output-token target, for the workloads without their own (the Workloads pages show each one&apos;s)</source>
        <translation>자체 목표가 없는 워크로드에 쓰는 그해 기본 출력 토큰당 시간 목표(워크로드 페이지에 각각의 목표가 있습니다)</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 is driven by demand: each workload&apos;s requests (or sessions) a day set the shares, and the tokens a day are requests × context, an output.
%2</source>
        <translation>%1년은 수요가 이끕니다: 각 워크로드의 하루 요청(또는 세션) 수가 비중을 정하고, 하루 토큰은 요청 × 컨텍스트로 나오는 결과입니다.
%2</translation>
    </message>
    <message>
        <source>%1: not a number: %2</source>
        <translation>%1: 숫자가 아님: %2</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::OutlookHardwareTable</name>
    <message>
        <source>Year</source>
        <translation>연도</translation>
    </message>
    <message>
        <source>%1 share</source>
        <translation>%1 비중</translation>
    </message>
    <message>
        <source>Share of traffic served on %1</source>
        <translation>%1에서 처리하는 트래픽 비중</translation>
    </message>
    <message>
        <source>%1: not a number: %2</source>
        <translation>%1: 숫자가 아님: %2</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::OutlookSourcesPanel</name>
    <message>
        <source>No source: an assumption of this outlook</source>
        <translation>출처 없음: 이 전망의 가정</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Source [%1], an assumption: %2</source>
        <translation>출처 [%1], 가정: %2</translation>
    </message>
    <message>
        <source>Source [%1]: %2</source>
        <translation>출처 [%1]: %2</translation>
    </message>
    <message>
        <source>#</source>
        <translation>번호</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>출처</translation>
    </message>
    <message>
        <source>Publisher or author</source>
        <translation>발행처 또는 저자</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>날짜</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>링크</translation>
    </message>
    <message>
        <source>Figure taken</source>
        <translation>가져온 수치</translation>
    </message>
    <message>
        <source>Cited for</source>
        <translation>인용된 항목</translation>
    </message>
    <message>
        <source>%1 (an assumption)</source>
        <translation>%1 (가정)</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::OutlookSupplyPanel</name>
    <message>
        <source>&amp;Amounts in:</source>
        <translation>수량 단위(&amp;A):</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>바이트</translation>
    </message>
    <message>
        <source>Gigabits (Gb)</source>
        <translation>기가비트(Gb)</translation>
    </message>
    <message>
        <source>Year</source>
        <translation>연도</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>계층</translation>
    </message>
    <message>
        <source>Shipped</source>
        <translation>출하</translation>
    </message>
    <message>
        <source>Supply</source>
        <translation>공급</translation>
    </message>
    <message>
        <source>Need ÷ supply</source>
        <translation>필요 ÷ 공급</translation>
    </message>
    <message>
        <source>Shipped ÷ supply</source>
        <translation>출하 ÷ 공급</translation>
    </message>
    <message>
        <source>%1 Gb</source>
        <translation>%1 Gb</translation>
    </message>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>DRAM</source>
        <translation>D램</translation>
    </message>
    <message>
        <source>NAND</source>
        <translation>NAND</translation>
    </message>
    <message>
        <source>%1 (the card&apos;s)</source>
        <translation>%1 (카드 수치)</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>경고: %1</translation>
    </message>
    <message>
        <source>Needed: the working set. Provisioned: what the fleet&apos;s systems are bought with (each hardware profile&apos;s system: HBM, host DRAM, NVMe and any context-memory flash), the stock B. Shipped: max(0, B − B the year before) + B the year before ÷ L, L the service life. Supply: the industry&apos;s bits that year (the card&apos;s, else the built-in series; * an assumption past the last published year). Shares: inference serving only; training, idle and non-AI demand excluded.</source>
        <translation>필요량: 작업 집합. 프로비저닝: 플릿의 시스템을 살 때 함께 들어가는 양(각 하드웨어 프로필의 시스템: HBM, 호스트 DRAM, NVMe, 그리고 컨텍스트 메모리 플래시가 있으면 그것까지), 즉 재고 B. 출하: max(0, B − 전년 B) + 전년 B ÷ L, L은 사용 수명. 공급: 그해 업계 전체의 비트 공급(카드의 수치, 없으면 내장 계열; *는 마지막 공표 연도 이후의 가정). 점유율: 추론 서빙만 포함하며 학습·유휴·비AI 수요는 제외합니다.</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>보기(&amp;S):</translation>
    </message>
    <message>
        <source>Each tier</source>
        <translation>계층별</translation>
    </message>
    <message>
        <source>HBM by generation</source>
        <translation>세대별 HBM</translation>
    </message>
    <message>
        <source>Generation</source>
        <translation>세대</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 수</translation>
    </message>
    <message>
        <source>Provisioned</source>
        <translation>프로비저닝</translation>
    </message>
    <message>
        <source>Needed</source>
        <translation>필요량</translation>
    </message>
    <message>
        <source>Shipped ÷ HBM supply</source>
        <translation>출하 ÷ HBM 공급</translation>
    </message>
    <message>
        <source>unstated</source>
        <translation>미기재</translation>
    </message>
    <message>
        <source>Provisioned ÷ needed</source>
        <translation>프로비저닝 ÷ 필요량</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>its hardware card&apos;s server</source>
        <translation>하드웨어 카드의 서버</translation>
    </message>
    <message>
        <source>Each hardware profile&apos;s servers × what its system ships per GPU.
%1</source>
        <translation>각 하드웨어 프로필의 서버 수 × 그 시스템이 GPU당 갖추고 출하되는 양.
%1</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::OutlookTornadoChart</name>
    <message>
        <source>%1 (%2 → %3)</source>
        <translation>%1 (%2 → %3)</translation>
    </message>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>DRAM</source>
        <translation>D램</translation>
    </message>
    <message>
        <source>SSD</source>
        <translation>SSD</translation>
    </message>
    <message>
        <source>What moves %1 in %2 most</source>
        <translation>%2년 %1을(를) 가장 크게 움직이는 요인</translation>
    </message>
    <message>
        <source>driver moved down</source>
        <translation>요인을 낮춤</translation>
    </message>
    <message>
        <source>driver moved up</source>
        <translation>요인을 높임</translation>
    </message>
    <message>
        <source>change in the %1 the year needs</source>
        <translation>그해 필요한 %1의 변화</translation>
    </message>
    <message>
        <source>(an end cannot be sized)</source>
        <translation>(한쪽 끝은 산정할 수 없음)</translation>
    </message>
    <message>
        <source>moved down: %1</source>
        <translation>낮췄을 때: %1</translation>
    </message>
    <message>
        <source>moved up: %1</source>
        <translation>높였을 때: %1</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::OutlookView</name>
    <message>
        <source>O&amp;utlook:</source>
        <translation>전망(&amp;U):</translation>
    </message>
    <message>
        <source>Open file…</source>
        <translation>파일 열기…</translation>
    </message>
    <message>
        <source>A built-in outlook, or an outlook card file</source>
        <translation>내장 전망 또는 전망 카드 파일</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>내보내기(&amp;X)…</translation>
    </message>
    <message>
        <source>The thesis chart as PNG, SVG or PDF; the years as CSV; the outlook as a card (JSON)</source>
        <translation>논지 차트는 PNG, SVG, PDF로, 연도별 값은 CSV로, 전망은 카드(JSON)로</translation>
    </message>
    <message>
        <source>Open an outlook</source>
        <translation>전망 열기</translation>
    </message>
    <message>
        <source>Outlook cards (*.json);;All files (*)</source>
        <translation>전망 카드 (*.json);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>Outlook: read %1</source>
        <translation>전망: %1을(를) 읽었습니다</translation>
    </message>
    <message>
        <source>Outlook: %1</source>
        <translation>전망: %1</translation>
    </message>
    <message>
        <source>Cannot size this outlook: %1</source>
        <translation>이 전망은 산정할 수 없습니다: %1</translation>
    </message>
    <message>
        <source>%1: a scenario, not a forecast.</source>
        <translation>%1: 예측이 아닌 시나리오입니다.</translation>
    </message>
    <message>
        <source>Export the outlook</source>
        <translation>전망 내보내기</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg);;PDF (*.pdf);;CSV (*.csv);;Outlook card (*.json)</source>
        <translation>PNG 이미지 (*.png);;SVG 이미지 (*.svg);;PDF (*.pdf);;CSV (*.csv);;전망 카드 (*.json)</translation>
    </message>
    <message>
        <source>Outlook: wrote %1</source>
        <translation>전망: %1에 저장했습니다</translation>
    </message>
    <message>
        <source>Save as pre&amp;set…</source>
        <translation>프리셋으로 저장(&amp;S)…</translation>
    </message>
    <message>
        <source>Saves the outlook as edited under a name; the picker lists it</source>
        <translation>편집한 전망을 이름을 붙여 저장합니다. 선택 목록에 나타납니다</translation>
    </message>
    <message>
        <source>Saved: %1</source>
        <translation>저장됨: %1</translation>
    </message>
    <message>
        <source>Save the outlook as a preset</source>
        <translation>전망을 프리셋으로 저장</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>이름:</translation>
    </message>
    <message>
        <source>Outlook: saved as &quot;%1&quot;</source>
        <translation>전망: &quot;%1&quot;(으)로 저장했습니다</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>출처</translation>
    </message>
    <message>
        <source>Outlook card %1</source>
        <translation>전망 카드 %1</translation>
    </message>
    <message>
        <source>Supply</source>
        <translation>공급</translation>
    </message>
    <message>
        <source>Traffic</source>
        <translation>트래픽</translation>
    </message>
    <message>
        <source>Tokens per day, the year&apos;s default targets and each workload&apos;s share of requests</source>
        <translation>하루 토큰, 그해 기본 목표, 각 워크로드의 요청 비중</translation>
    </message>
    <message>
        <source>%1 by year: context, output, prefix reuse, KV format, model and targets (bold: set by this outlook)</source>
        <translation>연도별 %1: 컨텍스트, 출력, 접두사 재사용, KV 형식, 모델, 목표(굵게: 이 전망이 정한 값)</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>하드웨어</translation>
    </message>
    <message>
        <source>Each hardware profile&apos;s share of the year&apos;s traffic</source>
        <translation>각 하드웨어 프로필이 그해 트래픽에서 차지하는 비중</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::OutlookWaterfallChart</name>
    <message>
        <source>What made each tier grow from %1 to %2 (factors multiply to the index)</source>
        <translation>%1년부터 %2년까지 각 계층을 늘린 요인 (배수를 곱하면 지수)</translation>
    </message>
    <message>
        <source>running product of the factors (log scale)</source>
        <translation>요인 배수의 누적 곱 (로그 눈금)</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>지수</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::OutlookWorkloadTable</name>
    <message>
        <source>%1 tokens</source>
        <translation>%1토큰</translation>
    </message>
    <message>
        <source>%1 s (%2)</source>
        <translation>%1초 (%2)</translation>
    </message>
    <message>
        <source>Year</source>
        <translation>연도</translation>
    </message>
    <message>
        <source>Share of requests</source>
        <translation>요청 점유율</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>컨텍스트</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>출력</translation>
    </message>
    <message>
        <source>Prefix reuse</source>
        <translation>접두사 재사용</translation>
    </message>
    <message>
        <source>KV format</source>
        <translation>KV 형식</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>모델</translation>
    </message>
    <message>
        <source>TTFT target</source>
        <translation>TTFT 목표</translation>
    </message>
    <message>
        <source>TPOT target</source>
        <translation>TPOT 목표</translation>
    </message>
    <message>
        <source>%1&apos;s share of the year&apos;s requests</source>
        <translation>%1이(가) 그해 요청에서 차지하는 비중</translation>
    </message>
    <message>
        <source>Tokens of KV each sequence of %1 holds: prompt and output (the mean context)</source>
        <translation>%1의 각 시퀀스가 갖는 KV 토큰: 프롬프트와 출력(평균 컨텍스트)</translation>
    </message>
    <message>
        <source>Tokens %1 generates per request</source>
        <translation>%1이(가) 요청당 생성하는 토큰</translation>
    </message>
    <message>
        <source>Prefix-cache hit rate of %1: the share of prompt tokens served from cache</source>
        <translation>%1의 접두사 캐시 적중률: 캐시에서 제공되는 프롬프트 토큰의 비율</translation>
    </message>
    <message>
        <source>The KV cache&apos;s element format for %1</source>
        <translation>%1의 KV 캐시 원소 형식</translation>
    </message>
    <message>
        <source>The model card %1 runs on</source>
        <translation>%1이(가) 실행되는 모델 카드</translation>
    </message>
    <message>
        <source>Time to first token %1 is sized for, at its percentile</source>
        <translation>%1의 규모를 정하는 첫 토큰 시간(해당 백분위수 기준)</translation>
    </message>
    <message>
        <source>Time per output token %1 is sized for, at its percentile</source>
        <translation>%1의 규모를 정하는 출력 토큰당 시간(해당 백분위수 기준)</translation>
    </message>
    <message>
        <source>%1 is not in %2&apos;s mix</source>
        <translation>%1은(는) %2년 구성에 없습니다</translation>
    </message>
    <message>
        <source>Set by this outlook for %1: %2</source>
        <translation>이 전망이 %1년에 정한 값: %2</translation>
    </message>
    <message>
        <source>The workload card&apos;s own value (%1)</source>
        <translation>워크로드 카드의 자체 값(%1)</translation>
    </message>
    <message>
        <source>The model card&apos;s default KV format (%1): the workload card sets none</source>
        <translation>모델 카드의 기본 KV 형식(%1): 워크로드 카드에 설정 없음</translation>
    </message>
    <message>
        <source>The year&apos;s default target, for workloads without their own: %1</source>
        <translation>자체 목표가 없는 워크로드에 쓰는 그해 기본 목표: %1</translation>
    </message>
    <message>
        <source>kvtiers&apos; built-in default target (an assumption): no card sets one</source>
        <translation>kvtiers 내장 기본 목표(가정): 어느 카드도 정하지 않음</translation>
    </message>
    <message>
        <source>%1: not a number: %2</source>
        <translation>%1: 숫자가 아님: %2</translation>
    </message>
    <message>
        <source>%1 tn</source>
        <translation>%1조</translation>
    </message>
    <message>
        <source>%1 bn</source>
        <translation>%1십억</translation>
    </message>
    <message>
        <source>%1 mn</source>
        <translation>%1백만</translation>
    </message>
    <message>
        <source>Requests per day</source>
        <translation>하루 요청 수</translation>
    </message>
    <message>
        <source>Sessions per day</source>
        <translation>하루 세션 수</translation>
    </message>
    <message>
        <source>Requests per session</source>
        <translation>세션당 요청 수</translation>
    </message>
    <message>
        <source>Requests %1 makes a day, in a year driven by demand: with the other workloads&apos;, they set the shares and the tokens a day</source>
        <translation>수요가 이끄는 해에 %1이(가) 하루에 보내는 요청 수: 다른 워크로드의 요청 수와 함께 비중과 하루 토큰 수를 정합니다</translation>
    </message>
    <message>
        <source>Sessions of %1 a day, in a year driven by demand that gives it in sessions</source>
        <translation>세션으로 주어진, 수요가 이끄는 해의 %1 하루 세션 수</translation>
    </message>
    <message>
        <source>Requests (turns) each session of %1 makes</source>
        <translation>%1의 세션 하나가 보내는 요청(턴) 수</translation>
    </message>
    <message>
        <source>%1 is driven by tokens per day: each workload&apos;s share of requests is set, not its requests or sessions a day</source>
        <translation>%1년은 하루 토큰 수가 이끕니다: 각 워크로드의 요청 비중이 정해질 뿐, 하루 요청 수나 세션 수는 아닙니다</translation>
    </message>
    <message>
        <source>%1 gives %2&apos;s requests a day, not its sessions</source>
        <translation>%1년은 %2의 세션 수가 아니라 하루 요청 수를 줍니다</translation>
    </message>
    <message>
        <source>Sessions a day × requests per session (%1 × %2); a value typed sets the sessions a day</source>
        <translation>하루 세션 수 × 세션당 요청 수(%1 × %2); 입력한 값은 하루 세션 수를 정합니다</translation>
    </message>
    <message>
        <source>Served with DP attention and expert parallelism: units of %1 attention ranks of TP %2 on %3 server(s), the experts over %4 GPUs</source>
        <translation>DP 어텐션과 전문가 병렬로 서빙: TP %2 어텐션 랭크 %1개로 된 단위가 서버 %3대에 걸치고, 전문가는 GPU %4개에 나뉩니다</translation>
    </message>
    <message>
        <source>Served as tensor-parallel replicas of TP %1</source>
        <translation>TP %1 텐서 병렬 레플리카로 서빙</translation>
    </message>
    <message>
        <source>%1, DP %2 × EP %3</source>
        <translation>%1, DP %2 × EP %3</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::OutlookWorkloadsPage</name>
    <message>
        <source>&amp;Year:</source>
        <translation>연도(&amp;Y):</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>워크로드</translation>
    </message>
    <message>
        <source>Share of requests</source>
        <translation>요청 점유율</translation>
    </message>
    <message>
        <source>Requests/day</source>
        <translation>요청/일</translation>
    </message>
    <message>
        <source>Tokens/day</source>
        <translation>토큰/일</translation>
    </message>
    <message>
        <source>HBM per million tokens/day</source>
        <translation>하루 백만 토큰당 HBM</translation>
    </message>
    <message>
        <source>DRAM per million tokens/day</source>
        <translation>하루 백만 토큰당 DRAM</translation>
    </message>
    <message>
        <source>SSD per million tokens/day</source>
        <translation>하루 백만 토큰당 SSD</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>All workloads</source>
        <translation>모든 워크로드</translation>
    </message>
    <message>
        <source>The year&apos;s whole: every workload together</source>
        <translation>그해 전체: 모든 워크로드 합계</translation>
    </message>
    <message>
        <source>%1 needs the most %2 (%3)</source>
        <translation>%1이(가) %2을(를) 가장 많이 씀(%3)</translation>
    </message>
    <message>
        <source>Per million tokens a day in %1: %2.</source>
        <translation>%1년 하루 백만 토큰당: %2.</translation>
    </message>
    <message>
        <source>; </source>
        <translation>; </translation>
    </message>
    <message>
        <source>Tokens a day: requests × context (prompt and output). Intensity: each tier&apos;s needed bytes per million tokens a day.</source>
        <translation>하루 토큰: 요청 × 컨텍스트(프롬프트와 출력). 집약도: 하루 백만 토큰당 각 계층에 필요한 바이트.</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::OutlookYearTable</name>
    <message>
        <source>Outlook %1: %2</source>
        <translation>전망 %1년: %2</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::PercentileSpinBox</name>
    <message>
        <source>mean</source>
        <translation>평균</translation>
    </message>
    <message>
        <source>The percentile the target holds at, from 1 to 99.99 (99: MLPerf&apos;s server scenario), or the mean below 1.</source>
        <translation>목표를 충족할 백분위수로, 1에서 99.99 사이(99: MLPerf의 서버 시나리오)이며 1 아래는 평균입니다.</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::PresetPanel</name>
    <message>
        <source>Double-click a preset to load it (Ctrl+Z undoes).</source>
        <translation>프리셋을 두 번 클릭하면 불러옵니다(Ctrl+Z로 취소).</translation>
    </message>
    <message>
        <source>&amp;Save current…</source>
        <translation>현재 저장(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the current scenario as a named preset</source>
        <translation>현재 시나리오를 이름 붙인 프리셋으로 저장</translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation>불러오기(&amp;L)</translation>
    </message>
    <message>
        <source>Load the selected preset (one undo step)</source>
        <translation>선택한 프리셋 불러오기(실행 취소 한 단계)</translation>
    </message>
    <message>
        <source>Re&amp;name…</source>
        <translation>이름 바꾸기(&amp;N)…</translation>
    </message>
    <message>
        <source>Rename the selected preset</source>
        <translation>선택한 프리셋의 이름 바꾸기</translation>
    </message>
    <message>
        <source>D&amp;uplicate…</source>
        <translation>복제(&amp;U)…</translation>
    </message>
    <message>
        <source>Copy the selected preset under a new name</source>
        <translation>선택한 프리셋을 새 이름으로 복사</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>삭제(&amp;D)</translation>
    </message>
    <message>
        <source>Delete the selected preset (asks first)</source>
        <translation>선택한 프리셋 삭제(먼저 확인)</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>가져오기(&amp;I)…</translation>
    </message>
    <message>
        <source>Add a preset file a colleague sent you</source>
        <translation>동료가 보낸 프리셋 파일 추가</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>내보내기(&amp;X)…</translation>
    </message>
    <message>
        <source>Write the selected preset to a file to share</source>
        <translation>공유할 수 있게 선택한 프리셋을 파일로 저장</translation>
    </message>
    <message>
        <source>&amp;Compare…</source>
        <translation>비교(&amp;C)…</translation>
    </message>
    <message>
        <source>Compare 2 to 4 presets side by side</source>
        <translation>프리셋 2~4개를 나란히 비교</translation>
    </message>
    <message>
        <source>%1 (built-in)</source>
        <translation>%1 (기본 제공)</translation>
    </message>
    <message>
        <source>Built-in, read-only. %1</source>
        <translation>기본 제공, 읽기 전용. %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Skipped %n unreadable preset file(s)&lt;/b&gt; (left untouched):&lt;br&gt;%1</source>
        <translation>
            <numerusform>&lt;b&gt;읽을 수 없는 프리셋 파일 %n개를 건너뛰었습니다&lt;/b&gt;(파일은 그대로 둠):&lt;br&gt;%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Skipped unreadable preset file(s): %1</source>
        <translation>읽을 수 없는 프리셋 파일을 건너뛰었습니다: %1</translation>
    </message>
    <message>
        <source>Save preset</source>
        <translation>프리셋 저장</translation>
    </message>
    <message>
        <source>Name of the preset:</source>
        <translation>프리셋 이름:</translation>
    </message>
    <message>
        <source>A preset called &quot;%1&quot; exists. Replace it with the current scenario?</source>
        <translation>&quot;%1&quot; 프리셋이 이미 있습니다. 현재 시나리오로 바꿀까요?</translation>
    </message>
    <message>
        <source>Saved preset &quot;%1&quot;</source>
        <translation>프리셋 &quot;%1&quot; 저장함</translation>
    </message>
    <message>
        <source>Load preset %1</source>
        <translation>프리셋 %1 불러오기</translation>
    </message>
    <message>
        <source>Loaded preset &quot;%1&quot;</source>
        <translation>프리셋 &quot;%1&quot; 불러옴</translation>
    </message>
    <message>
        <source>Rename preset</source>
        <translation>프리셋 이름 바꾸기</translation>
    </message>
    <message>
        <source>New name for &quot;%1&quot;:</source>
        <translation>&quot;%1&quot;의 새 이름:</translation>
    </message>
    <message>
        <source>Renamed &quot;%1&quot; to &quot;%2&quot;</source>
        <translation>&quot;%1&quot;의 이름을 &quot;%2&quot;(으)로 바꿈</translation>
    </message>
    <message>
        <source>Duplicate preset</source>
        <translation>프리셋 복제</translation>
    </message>
    <message>
        <source>Name of the copy of &quot;%1&quot;:</source>
        <translation>&quot;%1&quot; 사본의 이름:</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1 (사본)</translation>
    </message>
    <message>
        <source>Copied &quot;%1&quot; to &quot;%2&quot;</source>
        <translation>&quot;%1&quot; 프리셋을 &quot;%2&quot; 이름으로 복사함</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>프리셋 삭제</translation>
    </message>
    <message>
        <source>Delete the preset &quot;%1&quot;? This cannot be undone.</source>
        <translation>&quot;%1&quot; 프리셋을 삭제할까요? 되돌릴 수 없습니다.</translation>
    </message>
    <message>
        <source>Deleted preset &quot;%1&quot;</source>
        <translation>프리셋 &quot;%1&quot; 삭제함</translation>
    </message>
    <message>
        <source>Import preset</source>
        <translation>프리셋 가져오기</translation>
    </message>
    <message>
        <source>kvtiers presets (*.json);;All files (*)</source>
        <translation>kvtiers 프리셋 (*.json);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>Imported preset &quot;%1&quot; from %2</source>
        <translation>%2에서 프리셋 &quot;%1&quot; 가져옴</translation>
    </message>
    <message>
        <source>Export preset</source>
        <translation>프리셋 내보내기</translation>
    </message>
    <message>
        <source>kvtiers presets (*.json)</source>
        <translation>kvtiers 프리셋 (*.json)</translation>
    </message>
    <message>
        <source>Exported preset &quot;%1&quot; to %2</source>
        <translation>&quot;%1&quot; 프리셋을 %2 파일로 내보냄</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::ScenarioController</name>
    <message>
        <source>Change %1</source>
        <translation>%1 변경</translation>
    </message>
    <message>
        <source>Load workload %1</source>
        <translation>워크로드 %1 불러오기</translation>
    </message>
    <message>
        <source>Choose model %1</source>
        <translation>모델 %1 선택</translation>
    </message>
    <message>
        <source>Choose hardware %1</source>
        <translation>하드웨어 %1 선택</translation>
    </message>
    <message>
        <source>Reset to article defaults</source>
        <translation>기사 기본값으로 되돌리기</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::ScenarioTab</name>
    <message>
        <source>&lt;b&gt;The article&apos;s tier table&lt;/b&gt;, with this scenario&apos;s bytes and times. Highlighted: the rows whose condition this scenario meets (hover for why).</source>
        <translation>&lt;b&gt;기사의 계층 표&lt;/b&gt;에 이 시나리오의 바이트와 시간을 더했습니다. 강조된 행은 이 시나리오가 그 조건을 충족하는 계층입니다(마우스를 올리면 이유가 보입니다).</translation>
    </message>
    <message>
        <source>This scenario cannot be evaluated: %1</source>
        <translation>이 시나리오는 계산할 수 없습니다: %1</translation>
    </message>
    <message>
        <source>%1: wrote %2</source>
        <translation>%1: %2 저장함</translation>
    </message>
    <message>
        <source>Nothing to export: the scenario does not evaluate.</source>
        <translation>내보낼 것이 없습니다: 시나리오를 계산할 수 없습니다.</translation>
    </message>
    <message>
        <source>Export tier chart</source>
        <translation>계층 차트 내보내기</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;Scenario and results, JSON (*.json)</source>
        <translation>PNG 이미지 (*.png);;SVG 도면 (*.svg);;PDF (*.pdf);;시나리오와 결과, JSON (*.json)</translation>
    </message>
    <message>
        <source>Export sweep</source>
        <translation>스윕 내보내기</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV, one row per point (*.csv)</source>
        <translation>PNG 이미지 (*.png);;SVG 도면 (*.svg);;PDF (*.pdf);;CSV, 점마다 한 행 (*.csv)</translation>
    </message>
    <message>
        <source>Export scenario</source>
        <translation>시나리오 내보내기</translation>
    </message>
    <message>
        <source>Export scenario JSON</source>
        <translation>시나리오 JSON 내보내기</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export tier table</source>
        <translation>계층 표 내보내기</translation>
    </message>
    <message>
        <source>CSV, one row per tier (*.csv)</source>
        <translation>CSV, 계층마다 한 행 (*.csv)</translation>
    </message>
    <message>
        <source>Copied the tier chart (%1 × %2) to the clipboard</source>
        <translation>계층 차트(%1 × %2)를 클립보드에 복사했습니다</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::SensitivityDocument</name>
    <message>
        <source>No fleet yet: build a traffic mix on the Fleet tab.</source>
        <translation>아직 플릿이 없습니다: 플릿 탭에서 트래픽 구성을 만드세요.</translation>
    </message>
    <message>
        <source>The fleet cannot be sized: %1</source>
        <translation>플릿 규모를 산정할 수 없습니다: %1</translation>
    </message>
    <message>
        <source>%1: nothing to export: the fleet cannot be sized</source>
        <translation>%1: 내보낼 것이 없습니다: 플릿 규모를 산정할 수 없습니다</translation>
    </message>
    <message>
        <source>%1: nothing to export: no scenario yet</source>
        <translation>%1: 내보낼 것이 없습니다: 아직 시나리오가 없습니다</translation>
    </message>
    <message>
        <source>Tornado chart</source>
        <translation>토네이도 차트</translation>
    </message>
    <message>
        <source>Demand curve</source>
        <translation>수요 곡선</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::SensitivityView</name>
    <message>
        <source>&amp;Tier:</source>
        <translation>계층(&amp;T):</translation>
    </message>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>&amp;Range: ±</source>
        <translation>범위(&amp;R): ±</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>&amp;Analyse:</source>
        <translation>분석 대상(&amp;A):</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>시나리오</translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation>플릿</translation>
    </message>
    <message>
        <source>Scenario: demand per server of the current scenario. Fleet: fleet-wide demand of the Fleet tab&apos;s traffic mix, each variable moved on every workload at once and the fleet sized again.</source>
        <translation>시나리오: 현재 시나리오의 서버당 수요. 플릿: 플릿 탭 트래픽 구성의 플릿 전체 수요로, 각 변수를 모든 워크로드에서 동시에 움직인 뒤 플릿 규모를 다시 산정합니다.</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs the fleet needs (Fleet only)</source>
        <translation>플릿에 필요한 GPU 수(플릿 분석 전용)</translation>
    </message>
    <message>
        <source>Each variable is moved down and up by this share of its value, the others held. Rates move by points instead, half the range: ±50% moves a 0% reuse rate to 25% (rates stay within 0–100%). The KV format moves one step along 4, 8, 16, 32 bits. In a fleet, active sequences move through the time-per-output-token target.</source>
        <translation>각 변수를 자기 값의 이 비율만큼 내리고 올리며, 나머지는 고정합니다. 비율 변수는 대신 범위의 절반만큼 %포인트로 움직입니다: ±50%면 재사용률 0%가 25%가 됩니다(비율 변수는 0–100% 안에 머뭅니다). KV 형식은 4, 8, 16, 32비트에서 한 단계씩 움직입니다. 플릿에서는 활성 시퀀스가 출력 토큰당 시간 목표를 통해 움직입니다.</translation>
    </message>
    <message>
        <source>&amp;Curve of:</source>
        <translation>곡선 변수(&amp;C):</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>Decimal bytes, as memory is sold.</source>
        <translation>메모리 판매 단위인 십진 바이트입니다.</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>내보내기(&amp;E)…</translation>
    </message>
    <message>
        <source>Save the tornado or the curve as PNG, SVG, PDF or CSV.</source>
        <translation>토네이도 차트나 곡선을 PNG, SVG, PDF, CSV로 저장합니다.</translation>
    </message>
    <message>
        <source>&amp;Tornado chart…</source>
        <translation>토네이도 차트(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Curve…</source>
        <translation>곡선(&amp;C)…</translation>
    </message>
    <message>
        <source>%1 on %2, per server (1 GPU): HBM %3, DRAM %4, NVMe %5.</source>
        <translation>%1 (%2), 서버당(GPU 1개): HBM %3, D램 %4, NVMe %5.</translation>
    </message>
    <message>
        <source>%1 on %2, per server (%3 GPUs): HBM %4, DRAM %5, NVMe %6.</source>
        <translation>%1 (%2), 서버당(GPU %3개): HBM %4, D램 %5, NVMe %6.</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Fleet of %1 at %2 requests/s on %3: %4 GPUs in %5 servers; fleet-wide HBM %6, DRAM %7, NVMe %8; %9 active sequences per replica.</source>
        <translation>플릿 %1, 초당 요청 %2건 (%3): 서버 %5대, GPU %4개; 플릿 전체 HBM %6, D램 %7, NVMe %8; 레플리카당 활성 시퀀스 %9개.</translation>
    </message>
    <message>
        <source>%1, moved down: cannot be sized: %2</source>
        <translation>%1(내렸을 때): 플릿 규모 산정 불가: %2</translation>
    </message>
    <message>
        <source>%1, moved up: cannot be sized: %2</source>
        <translation>%1(올렸을 때): 플릿 규모 산정 불가: %2</translation>
    </message>
    <message>
        <source>Curve: gaps where the fleet cannot be sized (%1 of %2 points), e.g. %3</source>
        <translation>곡선: 플릿 규모를 산정할 수 없는 빈 구간(점 %2개 중 %1개), 예: %3</translation>
    </message>
    <message>
        <source>Export tornado chart</source>
        <translation>토네이도 차트 내보내기</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV, one row per variable (*.csv)</source>
        <translation>PNG 이미지 (*.png);;SVG 도면 (*.svg);;PDF (*.pdf);;CSV, 변수마다 한 행 (*.csv)</translation>
    </message>
    <message>
        <source>Export curve</source>
        <translation>곡선 내보내기</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV, one row per point (*.csv)</source>
        <translation>PNG 이미지 (*.png);;SVG 도면 (*.svg);;PDF (*.pdf);;CSV, 점마다 한 행 (*.csv)</translation>
    </message>
    <message>
        <source>HBM demand leaves out the prefix cache kept in free HBM (%1): with it HBM holds %2, as the Scenario tab&apos;s tier chart shows.</source>
        <translation>HBM 수요에는 남는 HBM에 두는 프리픽스 캐시(%1)가 빠져 있습니다. 캐시를 포함하면 시나리오 탭의 계층 차트처럼 HBM에 %2이(가) 있습니다.</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::SliderField</name>
    <message>
        <source>%1 lies below the slider, which starts at %2; the model uses %1.</source>
        <translation>%1은(는) 슬라이더의 시작값 %2보다 작습니다. 모델은 %1을(를) 그대로 씁니다.</translation>
    </message>
    <message>
        <source>%1 lies beyond the slider, which ends at %2; the model uses %1.</source>
        <translation>%1은(는) 슬라이더의 끝값 %2을(를) 넘습니다. 모델은 %1을(를) 그대로 씁니다.</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::SweepChart</name>
    <message>
        <source>S&amp;weep:</source>
        <translation>스윕(&amp;W):</translation>
    </message>
    <message>
        <source>against context length</source>
        <translation>문맥 길이 기준</translation>
    </message>
    <message>
        <source>against concurrency</source>
        <translation>동시 처리 요청 수 기준</translation>
    </message>
    <message>
        <source>Which knob the sweep moves, from small to large, with every other knob as set.</source>
        <translation>스윕에서 작은 값부터 큰 값까지 움직일 변수입니다. 나머지 설정은 그대로 둡니다.</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1토큰</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>시퀀스 %1개</translation>
    </message>
    <message>
        <source>context per sequence, tokens (log scale)</source>
        <translation>시퀀스당 문맥 길이, 토큰 (로그 눈금)</translation>
    </message>
    <message>
        <source>active sequences per replica (log scale)</source>
        <translation>레플리카당 활성 시퀀스 수 (로그 눈금)</translation>
    </message>
    <message>
        <source>Bytes per tier as %1 grows, %2 (stacked)</source>
        <translation>%1에 따른 계층별 바이트, %2 (누적)</translation>
    </message>
    <message>
        <source>context</source>
        <translation>문맥 길이</translation>
    </message>
    <message>
        <source>concurrency</source>
        <translation>동시 처리 요청 수</translation>
    </message>
    <message>
        <source>↑ clipped: demand reaches %1 at %2</source>
        <translation>↑ 잘림: %2에서 수요 %1</translation>
    </message>
    <message>
        <source>bytes %1</source>
        <translation>바이트 (%1)</translation>
    </message>
    <message>
        <source>HBM capacity %1</source>
        <translation>HBM 용량 %1</translation>
    </message>
    <message>
        <source>now: %1</source>
        <translation>현재: %1</translation>
    </message>
    <message>
        <source>&amp;Hold λ fixed</source>
        <translation>λ 고정(&amp;H)</translation>
    </message>
    <message>
        <source>Keep the request rate λ at the current scenario&apos;s along the sweep. Unticked, λ is derived at each point (served sequences ÷ request duration): longer requests arrive less often, so the retained prefix pool (λ × reuse distance × prefix bytes) shrinks as context grows.</source>
        <translation>스윕 내내 요청률 λ를 현재 시나리오의 값으로 유지합니다. 해제하면 각 지점에서 λ를 유도합니다(처리 중인 시퀀스 ÷ 요청 시간): 요청이 길수록 덜 자주 도착하므로, 보관되는 프리픽스 풀(λ × 재사용 거리 × 프리픽스 바이트)은 문맥이 길어질수록 줄어듭니다.</translation>
    </message>
    <message>
        <source>λ is derived at each point and falls as context grows (longer requests arrive less often), so the retained pool λ × reuse distance × prefix bytes falls with it. Tick &quot;Hold λ fixed&quot; to keep the current λ.</source>
        <translation>λ는 각 지점에서 유도되며 문맥이 길어질수록 줄어듭니다(요청이 길수록 덜 자주 도착). 그래서 보관 풀 λ × 재사용 거리 × 프리픽스 바이트도 함께 줄어듭니다. 현재 λ를 유지하려면 &quot;λ 고정&quot;을 선택하십시오.</translation>
    </message>
    <message>
        <source>hot set fits HBM
up to %1</source>
        <translation>활성 작업집합이 %1까지
HBM에 들어감</translation>
    </message>
    <message>
        <source>hot set outgrows HBM
from the start</source>
        <translation>처음부터 활성 작업집합이
HBM보다 큼</translation>
    </message>
    <message>
        <source>hot set alone fills HBM
at %1</source>
        <translation>%1에서 활성 작업집합만으로
HBM이 가득 참</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::TierChart</name>
    <message>
        <source>Bytes &amp;counted:</source>
        <translation>집계 단위(&amp;C):</translation>
    </message>
    <message>
        <source>Per replica: the TP GPUs that serve one copy of the model, with their share of the server&apos;s DRAM and NVMe (what the core computes).
Per GPU: divided by TP.
Per server: per GPU × GPUs per server.</source>
        <translation>레플리카당: 모델 사본 하나를 서비스하는 TP GPU 묶음과, 그 몫의 서버 D램·NVMe(코어가 계산하는 단위).
GPU당: TP로 나눈 값.
서버당: GPU당 값 × 서버당 GPU 수.</translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation>초과분</translation>
    </message>
    <message>
        <source>overflow: fits in no tier</source>
        <translation>초과분: 어느 계층에도 안 들어감</translation>
    </message>
    <message>
        <source>per GPU</source>
        <translation>GPU당</translation>
    </message>
    <message>
        <source>per replica (1 GPU)</source>
        <translation>레플리카당 (GPU 1개)</translation>
    </message>
    <message>
        <source>per replica (%1 GPUs)</source>
        <translation>레플리카당 (GPU %1개)</translation>
    </message>
    <message>
        <source>per server (1 GPU)</source>
        <translation>서버당 (GPU 1개)</translation>
    </message>
    <message>
        <source>per server (%1 GPUs)</source>
        <translation>서버당 (GPU %1개)</translation>
    </message>
    <message>
        <source>Where the bytes go, %1</source>
        <translation>바이트가 놓이는 곳, %1</translation>
    </message>
    <message>
        <source>capacity
%1</source>
        <translation>용량
%1</translation>
    </message>
    <message>
        <source>%1 of %2 used</source>
        <translation>%2 중 %1 사용</translation>
    </message>
    <message>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <source>everything fits</source>
        <translation>모두 들어감</translation>
    </message>
    <message>
        <source>%1 · %2: %3</source>
        <translation>%1 · %2: %3</translation>
    </message>
    <message>
        <source> (%1 of capacity)</source>
        <translation> (용량의 %1)</translation>
    </message>
    <message>
        <source>Overflow: %1 fits in no tier (hot KV and weights that must be resident but have no room).</source>
        <translation>초과분(%1)은 어느 계층에도 들어가지 않습니다(상주해야 하지만 자리가 없는 뜨거운 KV와 가중치).</translation>
    </message>
    <message>
        <source>fits in no tier!</source>
        <translation>들어갈 계층 없음!</translation>
    </message>
    <message>
        <source>HBM&apos;s scale</source>
        <translation>HBM 눈금</translation>
    </message>
    <message>
        <source>own scale</source>
        <translation>자체 눈금</translation>
    </message>
    <message>
        <source>%1 fit in no tier!</source>
        <translation>%1 초과!</translation>
    </message>
    <message>
        <source>per attention rank (TP %1) of DP %2, EP %3</source>
        <translation>어텐션 랭크당 (TP %1), DP %2, EP %3</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::TierTableModel</name>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>Weights being computed on and the hottest KV</source>
        <extracomment>Korean original: 연산 중인 가중치와 가장 뜨거운 KV</extracomment>
        <translation>연산 중인 가중치와 가장 뜨거운 KV</translation>
    </message>
    <message>
        <source>Low latency, long context, high concurrency</source>
        <extracomment>Korean original: 낮은 지연시간, 긴 문맥, 높은 동시성</extracomment>
        <translation>낮은 지연시간, 긴 문맥, 높은 동시성</translation>
    </message>
    <message>
        <source>Capacity and price</source>
        <extracomment>Korean original: 용량과 가격</extracomment>
        <translation>용량과 가격</translation>
    </message>
    <message>
        <source>Server DRAM</source>
        <extracomment>Korean original: 서버 D램</extracomment>
        <translation>서버 D램</translation>
    </message>
    <message>
        <source>KV and prefixes likely to be reused soon</source>
        <extracomment>Korean original: 곧 다시 쓸 가능성이 높은 KV·프리픽스</extracomment>
        <translation>곧 다시 쓸 가능성이 높은 KV·프리픽스</translation>
    </message>
    <message>
        <source>High cache reuse and a fast GPU link</source>
        <extracomment>Korean original: 캐시 재사용률이 높고 GPU 연결이 빠를 때</extracomment>
        <translation>캐시 재사용률이 높고 GPU 연결이 빠를 때</translation>
    </message>
    <message>
        <source>PCIe transfer latency</source>
        <extracomment>Korean original: PCIe 전송 지연</extracomment>
        <translation>PCIe 전송 지연</translation>
    </message>
    <message>
        <source>eSSD</source>
        <translation>eSSD</translation>
    </message>
    <message>
        <source>Cold KV, prefixes and model caches</source>
        <extracomment>Korean original: 차가운 KV·프리픽스·모델 캐시</extracomment>
        <translation>차가운 KV·프리픽스·모델 캐시</translation>
    </message>
    <message>
        <source>When storing and restoring is cheaper than recomputing</source>
        <extracomment>Korean original: 재계산보다 저장·복원이 쌀 때</extracomment>
        <translation>재계산보다 저장·복원이 쌀 때</translation>
    </message>
    <message>
        <source>Too slow for per-token real-time access</source>
        <extracomment>Korean original: 토큰 단위 실시간 접근에는 느림</extracomment>
        <translation>토큰 단위 실시간 접근에는 느림</translation>
    </message>
    <message>
        <source>Everything is demanded of HBM, and %1 of it does not fit: long context and high concurrency have outgrown HBM.</source>
        <translation>모든 바이트가 HBM에 요구되며 그중 %1만큼이 들어가지 않습니다. 긴 문맥과 높은 동시성이 HBM 용량을 넘어섰습니다.</translation>
    </message>
    <message>
        <source>Everything lives in HBM: weights and the hot KV of every active sequence; no reuse pool spills to DRAM or SSD.</source>
        <translation>모두 HBM에 있습니다. 가중치와 모든 활성 시퀀스의 뜨거운 KV가 들어 있고, D램이나 SSD로 넘어가는 재사용 풀은 없습니다.</translation>
    </message>
    <message>
        <source>DRAM or SSD hold part of this scenario&apos;s bytes.</source>
        <translation>이 시나리오의 바이트 일부가 D램이나 SSD에 있습니다.</translation>
    </message>
    <message>
        <source>DRAM holds %1 of reusable prefixes, and restoring a prompt from DRAM (%2) beats recomputing it (%3).</source>
        <translation>D램이 재사용할 프리픽스를 %1만큼 담고 있고, 프롬프트를 D램에서 복원하는 편(%2)이 재계산(%3)보다 빠릅니다.</translation>
    </message>
    <message>
        <source>No reusable prefixes are kept in DRAM (raise reuse, reuse distance and offload rate).</source>
        <translation>D램에 보존된 재사용 프리픽스가 없습니다(재사용률, 재사용 간격, 오프로딩률을 높여 보세요).</translation>
    </message>
    <message>
        <source>Restoring from DRAM (%1) is slower than recomputing (%2).</source>
        <translation>D램에서 복원(%1)하는 편이 재계산(%2)보다 느립니다.</translation>
    </message>
    <message>
        <source>SSD holds %1 of the retained reuse pool, and restoring from SSD (%2) beats recomputing (%3).</source>
        <translation>SSD가 보존된 재사용 풀 중 %1만큼을 담고 있고, SSD에서 복원하는 편(%2)이 재계산(%3)보다 빠릅니다.</translation>
    </message>
    <message>
        <source>No retained prefixes reach the SSD (DRAM holds the whole reuse pool, or there is none).</source>
        <translation>SSD까지 내려가는 보존 프리픽스가 없습니다(D램이 재사용 풀 전체를 담거나, 재사용 풀이 없습니다).</translation>
    </message>
    <message>
        <source>Restoring from SSD (%1) is slower than recomputing (%2).</source>
        <translation>SSD에서 복원(%1)하는 편이 재계산(%2)보다 느립니다.</translation>
    </message>
    <message>
        <source>— (in place)</source>
        <translation>— (제자리)</translation>
    </message>
    <message>
        <source>restore wins</source>
        <translation>복원이 유리</translation>
    </message>
    <message>
        <source>recompute wins</source>
        <translation>재계산이 유리</translation>
    </message>
    <message>
        <source>%1 vs %2 · %3</source>
        <translation>%1 대 %2 · %3</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Tier</source>
        <extracomment>Korean original: 계층</extracomment>
        <translation>계층</translation>
    </message>
    <message>
        <source>What mainly lives there</source>
        <extracomment>Korean original: 주로 놓이는 것</extracomment>
        <translation>주로 놓이는 것</translation>
    </message>
    <message>
        <source>When demand for it grows</source>
        <extracomment>Korean original: 수요가 커지는 조건</extracomment>
        <translation>수요가 커지는 조건</translation>
    </message>
    <message>
        <source>Limit</source>
        <extracomment>Korean original: 한계</extracomment>
        <translation>한계</translation>
    </message>
    <message>
        <source>Placed (%1)</source>
        <translation>배치량 (%1)</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>용량</translation>
    </message>
    <message>
        <source>Used</source>
        <translation>사용률</translation>
    </message>
    <message>
        <source>Restore vs recompute</source>
        <translation>복원 대 재계산</translation>
    </message>
    <message>
        <source>Bytes this scenario places in the tier.</source>
        <translation>이 시나리오가 이 계층에 놓는 바이트입니다.</translation>
    </message>
    <message>
        <source>Usable capacity: HBM × GPU memory utilisation; DRAM × the share an offload engine may pin; NVMe as installed.</source>
        <translation>가용 용량: HBM × GPU 메모리 사용률, D램 × 오프로딩 엔진이 고정할 수 있는 비율, NVMe는 장착 용량 그대로입니다.</translation>
    </message>
    <message>
        <source>Placed ÷ capacity.</source>
        <translation>배치량 ÷ 용량.</translation>
    </message>
    <message>
        <source>Time to bring the whole prompt&apos;s KV back from this tier, against recomputing the whole prompt (prefill).</source>
        <translation>프롬프트 전체의 KV를 이 계층에서 다시 가져오는 시간과, 프롬프트 전체를 재계산(프리필)하는 시간의 비교입니다.</translation>
    </message>
    <message>
        <source>The article&apos;s tier table.</source>
        <translation>기사의 계층 표입니다.</translation>
    </message>
    <message>
        <source>— (does not fit)</source>
        <translation>— (들어가지 않음)</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::TornadoChart</name>
    <message>
        <source>variable moved down</source>
        <translation>변수를 내렸을 때</translation>
    </message>
    <message>
        <source>variable moved up</source>
        <translation>변수를 올렸을 때</translation>
    </message>
    <message>
        <source>%1 → %2 tokens</source>
        <translation>%1 → %2토큰</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>%1
%2 (TPOT %3 → %4)</source>
        <translation>%1
%2 (TPOT %3 → %4)</translation>
    </message>
    <message>
        <source>What moves the fleet&apos;s GPU count most</source>
        <translation>플릿 GPU 수를 가장 크게 움직이는 변수</translation>
    </message>
    <message>
        <source>change in GPUs (base %1 GPUs in %2 servers)</source>
        <translation>GPU 수 변화량 (기준 서버 %2대, GPU %1개)</translation>
    </message>
    <message>
        <source>What moves the fleet&apos;s %1 demand most</source>
        <translation>플릿 %1 수요를 가장 크게 움직이는 변수</translation>
    </message>
    <message>
        <source>change in fleet-wide %1 (base %2)</source>
        <translation>플릿 전체 %1 변화량 (기준 %2)</translation>
    </message>
    <message>
        <source>moved up: cannot be sized</source>
        <translation>올렸을 때: 산정 불가</translation>
    </message>
    <message>
        <source>moved down: cannot be sized</source>
        <translation>내렸을 때: 산정 불가</translation>
    </message>
    <message>
        <source>What moves %1 demand per server most</source>
        <translation>서버당 %1 수요를 가장 크게 움직이는 변수</translation>
    </message>
    <message>
        <source>change in %1 per server (base %2)</source>
        <translation>서버당 %1 변화량 (기준 %2)</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::TraceChart</name>
    <message>
        <source>%1 of ceiling: %2 blocks, %3</source>
        <translation>상한의 %1: 블록 %2개, %3</translation>
    </message>
    <message>
        <source>Prefix-cache hit ratio against capacity (LRU, from the trace)</source>
        <translation>용량별 프리픽스 캐시 적중률 (LRU, 트레이스 기준)</translation>
    </message>
    <message>
        <source>Cache capacity (blocks of the trace)</source>
        <translation>캐시 용량 (트레이스 블록 수)</translation>
    </message>
    <message>
        <source>Cache capacity (KV bytes of the current model)</source>
        <translation>캐시 용량 (현재 모델의 KV 바이트)</translation>
    </message>
    <message>
        <source>Hit ratio</source>
        <translation>적중률</translation>
    </message>
    <message>
        <source>Prefix hit ratio (blocks)</source>
        <translation>프리픽스 적중률 (블록)</translation>
    </message>
    <message>
        <source>Prefix hit ratio (tokens)</source>
        <translation>프리픽스 적중률 (토큰)</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::TraceDocument</name>
    <message>
        <source>Trace hit-ratio curve chart</source>
        <translation>트레이스 적중률 곡선 차트</translation>
    </message>
    <message>
        <source>Trace hit-ratio curve table</source>
        <translation>트레이스 적중률 곡선 표</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::TraceView</name>
    <message>
        <source>Open a request trace</source>
        <translation>요청 트레이스 열기</translation>
    </message>
    <message>
        <source>Request traces (*.jsonl *.json *.txt);;All files (*)</source>
        <translation>요청 트레이스 (*.jsonl *.json *.txt);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 읽는 중…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>취소했습니다.</translation>
    </message>
    <message>
        <source>%1: %2 requests</source>
        <translation>%1: 요청 %2건</translation>
    </message>
    <message>
        <source>No trace open. Open a Mooncake or Qwen-Bailian trace (Open trace… above, File &gt; Open trace or Ctrl+O, or drop the file here) to see how much of its prompts an LRU prefix cache of each size serves, and what the scenario&apos;s HBM, DRAM and SSD serve.</source>
        <translation>열린 트레이스가 없습니다. Mooncake 또는 Qwen-Bailian 트레이스를 열면(위의 트레이스 열기…, 파일 &gt; 트레이스 열기 또는 Ctrl+O, 또는 파일을 여기에 끌어 놓기) 크기별 LRU 프리픽스 캐시가 프롬프트를 얼마나 제공하는지, 시나리오의 HBM, D램, SSD가 각각 얼마나 제공하는지 보여 줍니다.</translation>
    </message>
    <message>
        <source>%1 requests, %2 block references, %3 distinct blocks of %4 tokens (%5 each) over %6. Reuse ceiling: %7 of prompt blocks, %8 of prompt tokens. 90% of it needs %9 blocks (%10), 99% %11 blocks (%12).</source>
        <translation>%6 동안 요청 %1건, 블록 참조 %2회, 서로 다른 %4토큰 블록 %3개(블록당 %5). 재사용 상한: 프롬프트 블록의 %7, 프롬프트 토큰의 %8. 상한의 90%에는 블록 %9개(%10), 99%에는 블록 %11개(%12)가 필요합니다.</translation>
    </message>
    <message>
        <source>Prompt tokens served by HBM %1 (TTFT saved %2 per request), DRAM %3 (%4), SSD %5 (%6); recomputed %7.</source>
        <translation>프롬프트 토큰 제공: HBM %1 (요청당 TTFT %2 절약), D램 %3 (%4), SSD %5 (%6); 재계산 %7.</translation>
    </message>
    <message>
        <source>Workload: %1 requests/s, prompt %2 tokens and output %3 tokens on average.</source>
        <translation>워크로드: 초당 요청 %1건, 평균 프롬프트 %2토큰, 출력 %3토큰.</translation>
    </message>
    <message>
        <source>Export trace curve</source>
        <translation>트레이스 곡선 내보내기</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV table (*.csv)</source>
        <translation>PNG 이미지 (*.png);;SVG 도면 (*.svg);;PDF (*.pdf);;CSV 표 (*.csv)</translation>
    </message>
    <message>
        <source>Exported the trace curve to %1</source>
        <translation>트레이스 곡선을 %1(으)로 내보냈습니다</translation>
    </message>
    <message>
        <source>&amp;Open trace…</source>
        <translation>트레이스 열기(&amp;O)…</translation>
    </message>
    <message>
        <source>A Mooncake (FAST&apos;25) or Qwen-Bailian request trace, one JSON request per line</source>
        <translation>Mooncake(FAST&apos;25) 또는 Qwen-Bailian 요청 트레이스, 한 줄에 JSON 요청 하나</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>내보내기(&amp;X)…</translation>
    </message>
    <message>
        <source>The curve as PNG, SVG or PDF, or as a CSV table</source>
        <translation>곡선을 PNG, SVG, PDF 또는 CSV 표로</translation>
    </message>
    <message>
        <source>&amp;Use this trace</source>
        <translation>이 트레이스 사용(&amp;U)</translation>
    </message>
    <message>
        <source>Set the scenario&apos;s reuse rate, context, output tokens and reuse-gap table from the trace, and offload every evicted block as the replay does (one undo step); the request rate stays the replica&apos;s own</source>
        <translation>시나리오의 재사용률, 문맥 길이, 출력 토큰 수와 재사용 간격 분포를 이 트레이스에서 가져오고, 재생과 같이 내보낸 블록을 모두 오프로드합니다(실행 취소 한 번). 요청률은 레플리카 자체 값을 유지합니다</translation>
    </message>
    <message>
        <source>Use the trace %1</source>
        <translation>트레이스 %1 사용</translation>
    </message>
    <message>
        <source>From %1: reuse ceiling %2, context %3 tokens, output %4 tokens, its reuse-gap table, and offload rate 100% (the replay keeps every evicted block in DRAM, then SSD)</source>
        <translation>%1에서: 재사용 상한 %2, 문맥 %3토큰, 출력 %4토큰, 재사용 간격 분포와 오프로드율 100%를 적용했습니다(재생은 내보낸 블록을 모두 D램, 그다음 SSD에 보관합니다)</translation>
    </message>
    <message>
        <source>Still showing %1.</source>
        <translation>여전히 %1을(를) 표시합니다.</translation>
    </message>
    <message>
        <source>min</source>
        <translation>분</translation>
    </message>
    <message>
        <source>h</source>
        <translation>시간</translation>
    </message>
    <message>
        <source>days</source>
        <translation>일</translation>
    </message>
    <message>
        <source>years</source>
        <translation>년</translation>
    </message>
    <message>
        <source>The scenario offloads nothing (offload rate 0%): DRAM and SSD hold no prefix, as in its tier table, so only HBM serves the trace. Set an offload rate, or use this trace, to see the lower tiers.</source>
        <translation>시나리오가 아무것도 오프로드하지 않습니다(오프로드율 0%): 티어 표와 같이 D램과 SSD에는 프리픽스가 없으므로 HBM만 트레이스를 제공합니다. 아래 티어를 보려면 오프로드율을 설정하거나 이 트레이스를 사용하십시오.</translation>
    </message>
    <message>
        <source>DRAM and SSD are replayed as if every evicted block were offloaded; the scenario offloads %1 of them, so their shares here are an upper bound.</source>
        <translation>D램과 SSD는 내보낸 블록이 모두 오프로드된다고 보고 재생합니다. 시나리오는 그중 %1만 오프로드하므로 여기의 비율은 상한입니다.</translation>
    </message>
    <message>
        <source>Hit-ratio curve</source>
        <translation>적중률 곡선</translation>
    </message>
    <message>
        <source>Under load</source>
        <translation>부하 상태</translation>
    </message>
</context>
<context>
    <name>kvtiers::ui::VllmCheckDialog</name>
    <message>
        <source>Compare with a vLLM startup log</source>
        <translation>vLLM 시작 로그와 비교</translation>
    </message>
    <message>
        <source>vLLM&apos;s setup (confirm)</source>
        <translation>vLLM 설정 (확인)</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>모델(&amp;M):</translation>
    </message>
    <message>
        <source>model default</source>
        <translation>모델 기본값</translation>
    </message>
    <message>
        <source>vLLM&apos;s --kv-cache-dtype: fp16, bf16, fp8, … (auto = the model&apos;s default).</source>
        <translation>vLLM의 --kv-cache-dtype: fp16, bf16, fp8, … (auto = 모델 기본값).</translation>
    </message>
    <message>
        <source>&amp;KV cache dtype:</source>
        <translation>KV 캐시 dtype(&amp;K):</translation>
    </message>
    <message>
        <source>&amp;Tensor parallel:</source>
        <translation>텐서 병렬(&amp;T):</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation>토큰</translation>
    </message>
    <message>
        <source>&amp;Block size:</source>
        <translation>블록 크기(&amp;B):</translation>
    </message>
    <message>
        <source>from the log, else the model&apos;s max</source>
        <translation>로그 값, 없으면 모델 최대값</translation>
    </message>
    <message>
        <source>Tokens per request (max_model_len): 131072, 128k.</source>
        <translation>요청당 토큰 수(max_model_len): 131072, 128k.</translation>
    </message>
    <message>
        <source>&amp;Context:</source>
        <translation>문맥 길이(&amp;C):</translation>
    </message>
    <message>
        <source>the log&apos;s &quot;Available KV cache memory&quot;</source>
        <translation>로그의 &quot;Available KV cache memory&quot;</translation>
    </message>
    <message>
        <source>utilisation × HBM − weights</source>
        <translation>사용률 × HBM − 가중치</translation>
    </message>
    <message>
        <source>KV memory from:</source>
        <translation>KV 메모리 기준:</translation>
    </message>
    <message>
        <source>&amp;Hardware:</source>
        <translation>하드웨어(&amp;H):</translation>
    </message>
    <message>
        <source>GPU memory &amp;utilisation:</source>
        <translation>GPU 메모리 사용률(&amp;U):</translation>
    </message>
    <message>
        <source>vLLM startup log (paste)</source>
        <translation>vLLM 시작 로그 (붙여 넣기)</translation>
    </message>
    <message>
        <source>… GPU KV cache size: 131,072 tokens
… Maximum concurrency for 131,072 tokens per request: 1.00x</source>
        <translation>… GPU KV cache size: 131,072 tokens
… Maximum concurrency for 131,072 tokens per request: 1.00x</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>비교(&amp;C)</translation>
    </message>
    <message>
        <source>kvtiers next to vLLM</source>
        <translation>kvtiers와 vLLM 비교</translation>
    </message>
    <message>
        <source>kvtiers</source>
        <translation>kvtiers</translation>
    </message>
    <message>
        <source>vLLM&apos;s log</source>
        <translation>vLLM 로그</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>차이</translation>
    </message>
    <message>
        <source>GPU KV cache size (tokens)</source>
        <translation>GPU KV 캐시 크기(토큰)</translation>
    </message>
    <message>
        <source>Maximum concurrency</source>
        <translation>최대 동시 처리 요청 수</translation>
    </message>
    <message>
        <source>KV memory per GPU</source>
        <translation>GPU당 KV 메모리</translation>
    </message>
    <message>
        <source>choose a model</source>
        <translation>모델을 고르세요</translation>
    </message>
    <message>
        <source>vLLM log</source>
        <translation>vLLM 로그</translation>
    </message>
    <message>
        <source>KV cache dtype</source>
        <translation>KV 캐시 dtype</translation>
    </message>
    <message>
        <source>context</source>
        <translation>문맥 길이</translation>
    </message>
    <message>
        <source>the log has no &quot;Available KV cache memory&quot; line: choose &quot;utilisation × HBM − weights&quot; and the hardware</source>
        <translation>로그에 &quot;Available KV cache memory&quot; 줄이 없습니다: &quot;사용률 × HBM − 가중치&quot;와 하드웨어를 고르세요</translation>
    </message>
    <message>
        <source>%1 (from %2 blocks)</source>
        <translation>%1 (블록 %2개에서 계산)</translation>
    </message>
    <message>
        <source>%1× at %2 tokens</source>
        <translation>%1× (%2토큰 기준)</translation>
    </message>
    <message>
        <source>%1 (implied)</source>
        <translation>%1 (추정)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Agrees&lt;/b&gt; within block rounding. </source>
        <translation>블록 단위 올림 범위 안에서 &lt;b&gt;일치&lt;/b&gt;합니다. </translation>
    </message>
    <message>
        <source>&lt;b&gt;Differs.&lt;/b&gt; </source>
        <translation>&lt;b&gt;다릅니다.&lt;/b&gt; </translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>참고: %1</translation>
    </message>
    <message>
        <source>vLLM&apos;s default</source>
        <translation>vLLM 기본값</translation>
    </message>
    <message>
        <source>vLLM&apos;s --max-num-batched-tokens: the chunked-prefill budget it reserves sliding-window blocks for (0: its default for the hardware).</source>
        <translation>vLLM의 --max-num-batched-tokens: 슬라이딩 윈도 블록을 잡아 두는 청크 단위 프리필 예산(0: 하드웨어에 맞는 vLLM 기본값).</translation>
    </message>
    <message>
        <source>Max &amp;batched tokens:</source>
        <translation>최대 배치 토큰 수(&amp;B):</translation>
    </message>
    <message>
        <source>vLLM would print</source>
        <translation>vLLM이 출력할 값</translation>
    </message>
    <message>
        <source>kvtiers&apos; steady state</source>
        <translation>kvtiers 정상 상태</translation>
    </message>
    <message>
        <source>%1 (vLLM %2, max_num_batched_tokens %3)</source>
        <translation>%1 (vLLM %2, max_num_batched_tokens %3)</translation>
    </message>
    <message>
        <source>&amp;Async scheduling</source>
        <translation>비동기 스케줄링(&amp;A)</translation>
    </message>
    <message>
        <source>vLLM&apos;s --async-scheduling: two batches in flight, so a sliding window is budgeted with twice max_num_batched_tokens.</source>
        <translation>vLLM의 --async-scheduling: 배치 두 개가 동시에 진행되므로 슬라이딩 윈도는 max_num_batched_tokens의 두 배로 예산을 잡습니다.</translation>
    </message>
    <message>
        <source>%1 (newer vLLM with async scheduling, max_num_batched_tokens %2)</source>
        <translation>%1 (비동기 스케줄링을 쓰는 최신 vLLM, max_num_batched_tokens %2)</translation>
    </message>
    <message>
        <source>Warning:</source>
        <translation>경고:</translation>
    </message>
</context>
</TS>
