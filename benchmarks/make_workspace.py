#!/usr/bin/env python3
"""Generate a synthetic, realistic curator workspace with planted ground truth.

Usage::

    python benchmarks/make_workspace.py --size S|M|L --seed N OUT [--force]

The output imitates ``/work/shared/sample-relay``: ``curator.toml``, the living
documents under ``organized/knowledge/``, colleagues' notes under
``inbox/<author>/`` in nine different writing styles, ``paper_cards/`` and a
``ground_truth.json`` that records every planted duplicate, overlap and anchor.

Standard library only; the output is a pure function of ``(size, seed)``
(file bytes and modification times alike).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

TZ = timezone(timedelta(hours=8))
UNTIL = datetime(2026, 8, 20, 22, 20, tzinfo=TZ)
TOPIC = "inference"
GENERATOR_VERSION = 2
OWNED = ("inbox", "paper_cards", "organized", "curator.toml", "README.md", "ground_truth.json")


@dataclass(frozen=True)
class SizeSpec:
    """Target shape of one workspace size."""

    notes: int
    authors: int
    days: int
    cards: int
    doc_bytes: int
    sections: int
    top_sections: int
    anchors: int
    rag_anchors: int


SIZES: dict[str, SizeSpec] = {
    "S": SizeSpec(60, 5, 3, 100, 50_000, 40, 10, 300, 15),
    "M": SizeSpec(400, 10, 20, 1_000, 300_000, 120, 20, 1_500, 30),
    "L": SizeSpec(2_000, 20, 90, 5_000, 1_000_000, 300, 30, 5_000, 60),
}

P_DUP = 0.055
P_ANCHORED = 0.13
P_BLOG = 0.09
P_MENTION = 0.2
OVERLAP_RATE = 0.01  # pairs per item, i.e. ~2% of items sit in a planted overlap pair

# --------------------------------------------------------------------------- word lists


def _pairs(spec: str) -> list[tuple[str, str]]:
    """Parse ``"en=zh;en=zh"`` into pairs."""
    out = []
    for part in spec.split(";"):
        en, _, zh = part.strip().partition("=")
        out.append((en.strip(), zh.strip()))
    return out


_AREA_SPEC = """
推理引擎与生产基准|Inference Engine Design=推理引擎设计;Model Runner Overheads=model runner 开销;Engine Configuration Search=引擎配置搜索;CPU Scheduling Overheads=CPU 调度开销;Production Benchmarking=生产基准测试
PD 分离与弹性扩缩容|Prefill-Decode Disaggregation=PD 分离;Elastic Autoscaling=弹性扩缩容;Intra-GPU Disaggregation=单卡 PD 切分;Operator-Level Scaling=算子级扩缩容;KV Transfer Scheduling=KV 传输调度
KV Cache 管理|KV Cache Eviction=KV 驱逐;KV Cache Offloading=KV 卸载;Paged KV Allocation=分页 KV 分配;KV Cache Compression=KV 压缩;Tiered KV Storage=分层 KV 存储
投机解码|Speculative Decoding=投机解码;Draft Model Selection=草稿模型选择;Tree-Based Verification=树状验证;Adaptive Speculation=自适应投机;Block Drafting=块式草稿
量化与端侧推理|Weight Quantization=权重量化;FP4 Inference=FP4 推理;Activation Outlier Handling=激活离群值处理;Ternary MoE=三值 MoE;KV Quantization=KV 量化
推理经济学|Serving Cost Modeling=推理成本建模;GPU Procurement Planning=GPU 采购规划;Token Pricing=token 定价;Utilization Optimization=利用率优化;Spot Instance Serving=竞价实例推理
多模态推理|Encoder Disaggregation=编码器分离;Visual Token Pruning=视觉 token 剪枝;Multimodal Prefix Caching=多模态前缀缓存;Video Stream Inference=视频流推理;Audio Token Serving=音频 token 服务
Agent 推理栈|Tool-Call KV Retention=tool-call KV 保留;Agent Workflow Scheduling=agent 工作流调度;Multi-Turn Session Serving=多轮会话服务;Function-Calling Latency=函数调用延迟;Agent Stack Design=agent 栈设计
推理评测与基准方法|Goodput Measurement=goodput 测量;SLO-Aware Benchmarking=SLO 约束评测;Regression Tracking=回归追踪;Load Generation=负载生成;Latency Attribution=延迟归因
长上下文与稀疏注意力|Sparse Attention=稀疏注意力;Context Compression=上下文压缩;Ring Attention=环形注意力;Chunked Prefill=分块 prefill;Retrieval Heads=检索头
测试时计算与上下文工程|Test-Time Compute Allocation=测试时计算分配;Reasoning Budget Control=推理预算控制;Thought-Level Search=思维级搜索;Context Engineering=上下文工程;Early Exit=早停
推理安全|Side-Channel Mitigation=侧信道缓解;Prompt Cache Isolation=prompt cache 隔离;Reasoning Trace Protection=推理轨迹保护;Output Watermarking=输出水印;Tenant Isolation=租户隔离
推理引擎可复现性|Batch-Invariant Kernels=batch 不变 kernel;Deterministic Inference=确定性推理;Numerical Drift Analysis=数值漂移分析;Backend Reproducibility=后端可复现性;Evaluation Harness Contracts=评测 harness 契约
MoE 推理与专家并行|Expert Parallelism=专家并行;Expert Load Balancing=专家负载均衡;Expert Offloading=专家卸载;Token Routing=token 路由;All-to-All Overlap=all-to-all 重叠
调度与批处理|Continuous Batching=连续批处理;Preemptive Scheduling=抢占式调度;Request Prioritization=请求优先级;Fairness Scheduling=公平调度;Batch Shape Stabilization=batch 形状固定
通信与集合操作|Collective Communication=集合通信;NVLink Topology Mapping=NVLink 拓扑映射;RDMA KV Transport=RDMA KV 传输;Communication Compression=通信压缩;Compute-Communication Overlap=通信计算重叠
编译器与 Kernel 优化|Attention Kernels=attention kernel;Kernel Fusion=kernel 融合;CUDA Graph Capture=CUDA Graph 捕获;Kernel Autotuning=kernel 自动调优;GEMM Tiling=GEMM 分块
分布式推理与并行策略|Tensor Parallelism=张量并行;Pipeline Parallelism=流水线并行;Sequence Parallelism=序列并行;Hybrid Parallel Planning=混合并行规划;Multi-Node Serving=多机推理
硬件与加速器|High-Bandwidth Flash=高带宽闪存 HBF;CXL Memory Pooling=CXL 内存池;Processing-in-Memory=存内计算;Inference ASICs=推理 ASIC;Wafer-Scale Inference=晶圆级推理
请求路由与负载均衡|KV-Aware Routing=KV 感知路由;Prefix-Affinity Load Balancing=前缀亲和负载均衡;Global Request Dispatch=全局请求分发;Admission Control=准入控制;Cross-Region Failover=跨地域容灾
结构化输出与约束解码|Constrained Decoding=约束解码;Grammar-Guided Generation=语法引导生成;JSON Schema Enforcement=JSON schema 约束;Token Masking=token 掩码;Structured Output Caching=结构化输出缓存
LoRA 与多租户服务|Multi-LoRA Serving=多 LoRA 服务;Adapter Swapping=adapter 换入换出;Tenant-Aware Batching=租户感知批处理;Model Multiplexing=模型复用;Fine-Tune Hot Loading=微调模型热加载
推理能耗与碳足迹|Energy-Aware Serving=能耗感知推理;DVFS Control=动态调频;Carbon-Aware Scheduling=碳感知调度;Power Capping=功率封顶;Thermal Throttling Mitigation=降频缓解
边缘与移动端推理|On-Device Inference=端侧推理;NPU Offloading=NPU 卸载;Flash-Resident Weights=闪存常驻权重;Mobile Speculative Decoding=移动端投机解码;Edge-Cloud Collaboration=端云协同
检索与推理协同|RAG Pipeline Serving=RAG 流水线服务;Retrieval-Prefill Overlap=检索与 prefill 重叠;Document KV Precomputation=文档 KV 预计算;Vector Search Co-Location=向量检索同置;Cache-Augmented Generation=缓存增强生成
视频与流式生成推理|Streaming Generation=流式生成;Video Token Caching=视频 token 缓存;Real-Time Voice Serving=实时语音服务;Frame-Level Scheduling=帧级调度;Interactive Latency Control=交互延迟控制
扩散模型推理|Diffusion Step Reduction=扩散步数削减;Diffusion LLM Decoding=扩散语言模型解码;Feature Caching=特征缓存;Parallel Denoising=并行去噪;Image Generation Serving=图像生成服务
推理可观测性与故障排查|Serving Observability=推理可观测性;OOM Diagnosis=OOM 诊断;Tail Latency Debugging=尾延迟排查;Performance Anomaly Detection=性能异常检测;Trace Collection=trace 采集
Prefix Cache 与前缀复用|Prefix Caching=前缀缓存;Radix Tree Reuse=前缀树复用;Cross-Request KV Sharing=跨请求 KV 共享;Cache Eviction Policies=缓存驱逐策略;Semantic Prompt Caching=语义 prompt 缓存
推理服务 SLO 与容量规划|Capacity Planning=容量规划;SLO Attainment=SLO 达成;Queueing Models=排队模型;Load Forecasting=负载预测;Overload Control=过载控制
"""

AREAS: list[tuple[str, list[tuple[str, str]]]] = []
for _line in _AREA_SPEC.strip().splitlines():
    _title, _, _nouns = _line.partition("|")
    AREAS.append((_title, _pairs(_nouns)))

GENERIC_SUBS = ["生产实践与警示", "基准数字", "开放路线", "硬件适配", "开源实现"]

OTHER_TOPIC_NOUNS: dict[str, list[tuple[str, str]]] = {
    "evaluation": _pairs(
        "Benchmark Construction=基准构建;LLM-as-Judge Calibration=judge 校准;Contamination Detection=污染检测;"
        "Evaluation Harnesses=评测 harness;Long-Horizon Task Evaluation=长程任务评测;Multimodal Benchmarking=多模态评测"
    ),
    "agent": _pairs(
        "Tool-Use Planning=工具使用规划;Agent Memory=agent 记忆;Multi-Agent Coordination=多 agent 协作;"
        "Web Navigation=网页导航;Agent Reinforcement Learning=agent 强化学习;Computer-Use Agents=computer-use agent"
    ),
    "rag": _pairs(
        "Dense Retrieval=稠密检索;Listwise Reranking=listwise 重排;GraphRAG Indexing=GraphRAG 索引;"
        "Agentic Retrieval=agentic 检索;Hallucination Detection=幻觉检测;Vector Index Tiering=向量索引分层"
    ),
    "engineering": _pairs(
        "Training Pipeline Debugging=训练流水线排障;Checkpoint Conversion=checkpoint 转换;Model Provenance=模型溯源;"
        "Data Loading=数据加载;Cluster Scheduling=集群调度;RL Post-Training Frameworks=RL 后训练框架"
    ),
}
RAG_SECTIONS = [
    ("§2.1", "检索器与 Embedding"),
    ("§2.2", "重排与混合检索"),
    ("§2.3", "GraphRAG"),
    ("§2.4", "Agentic RAG"),
    ("§2.5", "RAG 评测"),
    ("§2.6", "向量数据库"),
]
RAG_NOUN_SECTION = ["§2.1", "§2.2", "§2.3", "§2.4", "§2.5", "§2.6"]

ADJS = _pairs(
    "Adaptive=自适应;Elastic=弹性;Lossless=无损;Fine-Grained=细粒度;Hierarchical=分层;"
    "Workload-Aware=负载感知;Deterministic=确定性;Scalable=可扩展;Near-Optimal=近似最优;Holistic=全栈;"
    "Efficient=高效;Low-Latency=低延迟;Memory-Efficient=省显存;SLO-Aware=SLO 感知;Topology-Aware=拓扑感知;"
    "Asynchronous=异步;Decoupled=解耦;Unified=统一;Lightweight=轻量;Predictive=预测式;Online=在线;"
    "Learned=学习式;Cost-Efficient=低成本;Robust=鲁棒;Fast=快速"
)
CTXS = _pairs(
    "MoE LLM Serving=MoE 推理;Long-Context Inference=长上下文推理;Multi-Tenant LLM Serving=多租户服务;"
    "Disaggregated Inference=分离式推理;Edge Devices=边缘设备;Agentic Workloads=agent 负载;"
    "Heterogeneous GPU Clusters=异构 GPU 集群;Reasoning Models=推理模型;Production LLM Serving=生产级 LLM 服务;"
    "Multimodal Models=多模态模型;Serverless Inference=serverless 推理;Offline Batch Inference=离线批推理;"
    "Million-Token Contexts=百万 token 上下文;Consumer GPUs=消费级 GPU;Real-Time Chat=实时对话;"
    "Retrieval-Augmented Generation=检索增强生成;Code Assistants=代码助手;Large-Scale Clusters=大规模集群"
)
TECHS = _pairs(
    "Learned Cost Models=学习式代价模型;Integer Programming=整数规划;Reinforcement Learning=强化学习;"
    "Lookahead Scheduling=前瞻调度;Graph Partitioning=图划分;Online Profiling=在线 profiling;"
    "Lyapunov Optimization=Lyapunov 优化;Hardware-Software Co-Design=软硬协同设计"
)
TITLE_TEMPLATES = [
    "{name}: {adj} {noun} for {ctx}",
    "{name}: {adj} {noun} for {ctx}",
    "{name}: Towards {adj} {noun} in {ctx}",
    "{name}: Rethinking {noun} for {ctx}",
    "{name}: {adj} {noun} for {ctx} via {tech}",
    "{name}: When {noun} Meets {ctx}",
]

NAME_PREFIXES = (
    "Flash Turbo Hydra Quill Swift Nimbus Aero Echo Helix Orca Pika Lumen Vega Astra Nova Zephyr Tidal "
    "Ember Cobalt Falcon Kestrel Mosaic Prism Rapid Sonic Tessera Vortex Apex Atlas Bolt Cinder Ether "
    "Fjord Glint Halo Iris Jade Lynx Mako Nexa Onyx Pulse Quanta Ripple Sable Talon Umbra Vireo Wisp "
    "Zircon Arbor Brisk Crest Drift Fable Gale Hearth Ivy Juniper"
).split()
NAME_CORES = (
    "KV Serve Infer Spec Attn Batch Route Shard Pipe Cache Flow Sched Tok Page Quant Fuse Scale Stream "
    "Mem Draft Graph Kernel Prefill Decode Gate Mix Expert Lane Ring Span Core Link Pool Store Tune Cast "
    "Loom Forge Sync Shift"
).split()
NAME_CO = ["Co", "Re", "Hy", "Xe", "Om", "Ze", "Ky", "Un"]
NAME_CO_TAILS = "Run Fold Pack Lift Mux Pin Spill Weave Bind Stitch Steer Hop".split()
NAME_V = ["v", "μ", "e", "x", "q"]
NAME_V_TAILS = "Token Slot Page Block Lane Queue Thread Pod Grid Frame Heap Bank".split()
SYLLABLES = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"]
CODAS = ["n", "x", "r", "s", "m", "k"]
FAMILY_SUFFIXES = ["-2", "++", "-MoE", "-Lite", "-X", "-Pro"]

MODELS = [
    "Qwen3-235B-A22B",
    "DeepSeek-V3",
    "Llama-3.1 70B",
    "Llama 4 Maverick",
    "Qwen3-32B",
    "Mixtral 8x22B",
    "GLM-4.6",
    "Kimi-K2",
    "gpt-oss-120b",
    "Hy3",
    "Qwen3.8 27B",
    "Llama-3.1 8B",
]
HARDWARE = ["H100", "H200", "B200", "A100", "MI300X", "H20", "L40S", "GB200 NVL72"]
BASELINES = [
    "vLLM",
    "SGLang",
    "TensorRT-LLM",
    "LMDeploy",
    "DistServe",
    "Mooncake",
    "LMCache",
    "PagedAttention",
]
ENGINES = ["vLLM 0.27", "SGLang v0.6", "TensorRT-LLM 1.2", "LMDeploy 0.10"]
VENUES = [
    "ICLR 2026",
    "ICML 2026",
    "EuroSys 2026",
    "OSDI 2026",
    "MLSys 2026",
    "NSDI 2026",
    "ASPLOS 2026",
]
ORGS = [
    "NVIDIA",
    "MSRA",
    "Alibaba",
    "ByteDance",
    "Google",
    "Meta",
    "CMU",
    "UC Berkeley",
    "Tsinghua",
    "SJTU",
]

ZH_PROBLEM = [
    "{ctx}场景下{noun}成为瓶颈,{base} 在高并发时利用率掉到 {q}% 以下",
    "现有 {base} 的{noun}策略是通用启发式,吃不到 LLM 推理的结构红利",
    "{noun}和 GPU 执行串行,step 时间里有 {q}% 花在等待上",
    "{hw} 上显存不够,{model} 的 KV cache 超出单卡容量",
    "{ctx}下请求长度分布很散,{noun}的形状一直在变",
]
ZH_METHOD = [
    "把{noun}拆成两级,热路径留在 HBM,冷数据批量写回",
    "按请求长度分桶后再做{noun},桶内形状固定可以 replay",
    "用轻量预测器提前一步决定{noun}策略,与 GPU 执行重叠",
    "把{noun}建模成在线优化问题,用{tech}求解",
    "在 block manager 里按 token 粒度做{noun},与 PagedAttention 兼容",
    "{noun}与调度器联合决策,按 SLO 余量动态调整",
]
ZH_RESULT = [
    "{model} / {hw} 上吞吐 {x}×,P99 TTFT -{p}%",
    "相对 {base} 吞吐 +{p}%,E2E 延迟 -{q}%",
    "显存占用 -{p}%,同显存下并发 +{q}%",
    "TPOT -{p}%,SLO 约束下 goodput {x}×",
    "成本 -{p}%,精度损失 <{small}%",
]
ZH_EXTRA = [
    "评测模型:{model}、{model2}、{model3}",
    "代价:需要改调度器接口,和 {base} 的插件机制不兼容",
    "代价:每卡额外占用 {n} GiB 显存",
    "实现:基于 {engine},{oss}",
    "消融:去掉{noun}后收益只剩 {q}%",
]
ZH_CAVEAT = [
    "{x}× 的评测条件(硬件 / batch size)要看 PDF",
    "GitHub 开没开源没找到",
    "只在 {model} 上测过,其他模型待核",
    "对比基线 {base} 版本偏旧,收益可能缩水",
    "数字来自论文自评,需 PDF 核验",
    "和已锚路线是否重复,需要对照活文档再看",
]
ZH_JUDGE = [
    "生产配置细节,不是新路线;但上线的人基本都会碰到",
    "和活文档现有路线互补,可以并列锚入",
    "学术前瞻,工程落地还远",
    "值得进主线,数字硬",
    "邻接级,不单列也可以",
]
EN_PROBLEM = [
    "{noun} becomes the bottleneck for {ctx}; {base} drops below {q}% utilisation under load",
    "existing {base} heuristics for {noun} ignore the structure of LLM inference",
    "{noun} runs serially with the GPU, {q}% of each step is spent waiting",
    "the KV cache of {model} no longer fits in one {hw}",
]
EN_METHOD = [
    "splits {noun} into two tiers: hot path in HBM, cold data written back in batches",
    "buckets requests by length before {noun} so shapes stay fixed and graphs replay",
    "a small predictor decides the {noun} policy one step ahead, overlapped with the GPU",
    "casts {noun} as an online optimisation problem solved with {tech}",
]
EN_RESULT = [
    "{x}x throughput on {model} / {hw}, P99 TTFT -{p}%",
    "+{p}% throughput vs {base}, end-to-end latency -{q}%",
    "memory -{p}%, +{q}% concurrency at equal memory",
    "TPOT -{p}%, goodput {x}x under SLO",
]
EN_CAVEAT = [
    "numbers are self-reported; check the PDF for hardware and batch size",
    "no code release found yet",
    "only evaluated on {model}",
    "the {base} baseline is an old version",
]

BLOG_ENGINES = [
    "SGLang",
    "vLLM",
    "TensorRT-LLM",
    "LMDeploy",
    "llama.cpp",
    "TGI",
    "NVIDIA Dynamo",
    "llm-d",
    "Ollama",
    "MLC-LLM",
    "FlashInfer",
    "Triton",
]
BLOG_FEATURES = _pairs(
    "Advanced CUDA Graph=高级 CUDA Graph 指南;Prefix Caching Deep Dive=前缀缓存深度解析;"
    "Speculative Decoding in Production=投机解码生产实践;OOM Troubleshooting=OOM 排查手册;"
    "Benchmark Commands=压测命令汇总;Multi-LoRA Serving=多 LoRA 部署;FP8 KV Cache=FP8 KV Cache 实测;"
    "Disaggregated Prefill=PD 分离部署;Structured Output Performance=结构化输出性能;"
    "Kubernetes Deployment=K8s 部署指南;Chunked Prefill Tuning=分块 prefill 调优;"
    "Expert Parallel Deployment=专家并行部署;Long-Context Serving=长上下文服务;"
    "Quantization Cookbook=量化实战;Autoscaling Playbook=弹性扩缩容手册;Observability Stack=可观测性方案;"
    "Throughput Shootout=吞吐横评;Memory Tuning=显存调优;Cold Start Optimization=冷启动优化;"
    "Router Configuration=路由配置"
)
BLOG_QUALS = [
    ("", ""),
    ("on H100", "(H100)"),
    ("on A100", "(A100)"),
    ("on B200", "(B200)"),
    ("on MI300X", "(MI300X)"),
    ("on H20", "(H20)"),
    ("at Scale", "(大规模)"),
    ("for MoE Models", "(MoE 模型)"),
    ("in 2026", "(2026 版)"),
    ("with Kubernetes", "(K8s)"),
]
BLOG_SOURCES = [
    ("LMSYS", "https://www.lmsys.org/blog/{d}-{slug}"),
    ("vLLM", "https://blog.vllm.ai/{y}/{m}/{dd}/{slug}.html"),
    ("PyTorch", "https://pytorch.org/blog/{slug}"),
    ("Hugging Face", "https://huggingface.co/blog/{slug}"),
    ("NVIDIA", "https://developer.nvidia.com/blog/{slug}"),
    ("CSDN", "https://blog.csdn.net/{user}/article/details/{num}"),
    ("Substack", "https://{user}.substack.com/p/{slug}"),
    ("知乎", "https://zhuanlan.zhihu.com/p/{num}"),
    ("BentoML", "https://www.bentoml.com/blog/{slug}"),
    ("DeployBase", "https://deploybase.ai/articles/{slug}"),
]
CSDN_USERS = [
    "sglang_cn",
    "ai_infra_notes",
    "k8s_llmops",
    "llm_serving",
    "weixin_44826203",
    "qq_39523365",
]
SUBSTACK_USERS = ["inferencenotes", "gpuweekly", "servingsystems", "llmops", "kvcache"]

NEWS_TEMPLATES = [
    "某云厂商 {gpu} 按需价格下调 {p}%",
    "{lab} {model} API 迁到 {gpu} 集群并降价约 {p}%",
    "{n} 家推理芯片创业公司完成新一轮融资(第 {k} 批)",
    "{proj} 进入 CNCF {stage} 后的第 {k} 次社区会议",
    "{lab} 发布 {model} 推理版本,输出价格 ${price}/Mtok",
    "{gpu} 租赁价 {k} 月报价表更新(均价 -{p}%)",
]
NEWS_POINTS = [
    '事实:官方说明"后端迁移至新集群",未披露并行策略与量化方式',
    "事实:公告只给了价格,没有 serving 技术细节",
    "事实:1 年预留价同步下调,按需价先行",
    "事实:社区讨论集中在 K8s 集成与多集群 KV 路由",
    "事实:金额未完全披露,投资方以产业资本为主",
    "事实:多家厂商跟进报价,价格带继续下探",
]
NEWS_LABS = ["DeepSeek", "Moonshot", "Zhipu", "MiniMax", "Qwen", "Mistral", "StepFun"]
NEWS_PROJECTS = ["llm-d", "KServe", "vLLM", "Dynamo", "AIBrix", "Kueue"]

AUTHOR_POOL = [
    "tom",
    "jay",
    "spark",
    "stephen",
    "flyp",
    "mira",
    "kai",
    "lena",
    "omar",
    "yuki",
    "ravi",
    "ines",
    "theo",
    "nora",
    "felix",
    "zoe",
    "ivan",
    "hana",
    "leo",
    "ada",
]
NOTE_STYLES = ["zengliang", "numbered", "english", "table", "links", "details", "flyp", "industry"]
NOTE_TOPICS = [
    "engineering",
    "llm-infra",
    "inference",
    "evaluation",
    "rag",
    "agent",
    "multimodal",
    "risk",
]


def _slug_kind(r: random.Random, topic: str) -> str:
    """A note's name word; ``<day>-<topic>-e1prep`` is how the sample relay names its topic's
    briefing, so a note of this workspace's own topic is not named so (another topic's may be)."""
    kind = r.choice(NOTE_KINDS)
    return "prep-notes" if kind == "e1prep" and topic == TOPIC else kind


NOTE_KINDS = [
    "e1prep",
    "filter",
    "digest",
    "radar",
    "notes",
    "scan",
    "daily",
    "deep-read",
    "highvalue",
]
ITEM_RANGE = {
    "zengliang": (3, 7),
    "numbered": (3, 8),
    "english": (3, 7),
    "table": (4, 9),
    "links": (3, 8),
    "details": (2, 6),
    "flyp": (2, 5),
    "briefing": (4, 8),
    "industry": (3, 6),
}
STYLE_ID_FORMS = {
    "zengliang": ["arxiv_colon", "abs", "arxiv_space", "ver", "bare"],
    "numbered": ["arxiv_space", "abs", "pdf", "bare"],
    "english": ["arxiv_colon", "abs", "pdf", "bare", "ver"],
    "table": ["arxiv_colon", "bare", "ver", "mdlink", "abs_nohttp"],
    "links": ["abs", "pdf", "abs_ver", "mdlink"],
    "details": ["arxiv_colon", "bare", "ver", "abs"],
    "flyp": ["arxiv_colon", "abs", "bare"],
    "briefing": ["arxiv_colon", "bare", "ver"],
    "industry": ["arxiv_colon", "abs"],
}
DOC_ID_FORMS = (
    ["arxiv_colon"] * 10
    + ["bare"] * 3
    + ["abs"] * 3
    + ["abs_nohttp", "pdf", "mdlink", "mdlink"]
    + ["arxiv_space", "arxiv_space", "ver", "ver"]
)

# --------------------------------------------------------------------------- model


@dataclass
class Paper:
    """One arXiv paper."""

    pid: str
    name: str
    title: str
    topic: str
    area: int
    en_short: str
    zh_short: str
    noun_zh: str
    noun_en: str
    vmax: int
    section: str | None = None
    anchor_day: date | None = None
    rag_section: str | None = None
    card: str | None = None
    card_day: date | None = None
    overlap: bool = False

    @property
    def key(self) -> str:
        return self.pid


@dataclass
class Blog:
    """A blog post identified only by URL and title."""

    key: str
    org: str
    engine: str
    feat: tuple[str, str]
    qual: tuple[str, str]
    day: date
    url_variants: list[str]
    area: int
    section: str | None = None
    topic: str = "inference"

    @property
    def name(self) -> str:
        return f"{self.engine} {self.feat[0]}"


@dataclass
class News:
    """Industry news with neither ID nor URL."""

    key: str
    text: str
    topic: str = "inference"


Subject = Paper | Blog | News


@dataclass
class Author:
    """A colleague and their writing habits."""

    name: str
    styles: list[str]
    lang: str
    p_timed: float
    front_matter: bool
    beat: str
    ascii_punct: bool
    weight: float


@dataclass
class NotePlan:
    """One note file before its items are chosen."""

    author: Author
    time: datetime
    style: str
    topic: str
    path: str = ""
    kind: str = "note"
    n_items: int = 0
    time_in: str = "name"
    front_matter: bool = False
    crlf: bool = False
    bom: bool = False


@dataclass
class View:
    """How one item is written in one note."""

    subject: Subject
    title: str
    title_variant: str
    id_form: str | None
    id_text: str | None
    url: str | None
    label: str
    points: list[str]
    caveat: str
    judge: str
    section_hint: str
    priority: str
    stars: int
    mentions: list[tuple[str, str, str]] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    lang: str = "zh"


# --------------------------------------------------------------------------- helpers


def fmt_id(pid: str, form: str, version: int) -> str:
    """Write an arXiv ID in one of the forms seen in real notes."""
    return {
        "arxiv_colon": f"arXiv:{pid}",
        "arxiv_space": f"arxiv {pid}",
        "bare": pid,
        "abs": f"https://arxiv.org/abs/{pid}",
        "abs_ver": f"https://arxiv.org/abs/{pid}v{version}",
        "pdf": f"https://arxiv.org/pdf/{pid}v{version}",
        "ver": f"{pid}v{version}",
        "abs_nohttp": f"arxiv.org/abs/{pid}",
        "mdlink": f"[{pid}](https://arxiv.org/abs/{pid})",
    }[form]


def heading_anchor(text: str) -> str:
    """GitHub-style anchor for a heading text."""
    s = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return s.replace(" ", "-")


def md(d: date) -> str:
    """``8-17`` style short date."""
    return f"{d.month}-{d.day}"


_CJK_ASCII = re.compile(r"([\u4e00-\u9fff])([A-Za-z])")
_ASCII_CJK = re.compile(r"([A-Za-z])([\u4e00-\u9fff])")


def space_cjk(text: str) -> str:
    """Put a space between Chinese characters and Latin letters, as the notes do."""
    return _ASCII_CJK.sub(r"\1 \2", _CJK_ASCII.sub(r"\1 \2", text))


def slugify(text: str) -> str:
    """Lower-case ASCII slug."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class Gen:
    """Holds the random source and all state of one generation run."""

    def __init__(self, size: str, seed: int) -> None:
        self.size = size
        self.seed = seed
        self.spec = SIZES[size]
        self.rng = random.Random(seed)
        self.until = UNTIL
        self.since = UNTIL - timedelta(hours=24)
        self.start = UNTIL - timedelta(days=self.spec.days)
        self.months = self._months()
        self.used_names: dict[str, None] = {}
        self.used_ids: dict[str, None] = {}
        self.used_tails: dict[tuple[str, int, int, int, int], None] = {}
        self.used_blogs: dict[tuple[int, int, int], None] = {}
        self.used_news: dict[str, None] = {}
        self.papers: list[Paper] = []
        self.blogs: list[Blog] = []
        self.n_areas = self.spec.top_sections
        self.files: dict[str, tuple[bytes, float]] = {}
        self.sections: list[tuple[str, str, int, int, int | None]] = []
        self.rag_papers: list[Paper] = []
        self.note_times: dict[str, datetime] = {}
        self.card_authors: list[str] = []
        self.overlap_pairs_found: list[tuple[str, str]] = []
        self.anchor_budget = 0.75 * self.spec.doc_bytes / self.spec.anchors
        self.anchor_bytes = 0
        self.anchor_count = 0

    # ----------------------------------------------------------------- primitives

    def _months(self) -> list[tuple[int, int]]:
        out = []
        y, m = self.start.year, self.start.month
        while (y, m) <= (self.until.year, self.until.month):
            out.append((y, m))
            y, m = (y + 1, 1) if m == 12 else (y, m + 1)
        return out

    def num(self, kind: str) -> str:
        """A random number for the text templates."""
        r = self.rng
        if kind == "x":
            return f"{r.uniform(1.2, 4.8):.2f}"
        if kind == "p":
            return str(r.randint(8, 72))
        if kind == "q":
            return str(r.randint(12, 65))
        if kind == "small":
            return f"{r.uniform(0.2, 1.5):.1f}"
        return str(r.randint(1, 6))

    def fill(self, template: str, noun: str = "", ctx: str = "", en: bool = False) -> str:
        """Fill one text template with random facts."""
        r = self.rng
        models = r.sample(MODELS, 3)
        return space_cjk(
            template.format(
                noun=noun,
                ctx=ctx,
                base=r.choice(BASELINES),
                q=self.num("q"),
                p=self.num("p"),
                x=self.num("x"),
                small=self.num("small"),
                n=self.num("n"),
                hw=r.choice(HARDWARE),
                model=models[0],
                model2=models[1],
                model3=models[2],
                tech=r.choice(TECHS)[0 if en else 1],
                engine=r.choice(ENGINES),
                oss=r.choice(["代码已开源", "GitHub 未开源", "作者说会开源"]),
            )
        )

    def new_name(self) -> str:
        """A coined system name, unique within the workspace."""
        r = self.rng
        while True:
            k = r.random()
            if k < 0.40:
                name = r.choice(NAME_PREFIXES) + r.choice(NAME_CORES)
            elif k < 0.75:
                name = (r.choice(SYLLABLES) + r.choice(SYLLABLES) + r.choice(CODAS)).capitalize()
            elif k < 0.85:
                name = "".join(r.choice("ABCDEFGHKLMNPRSTVZ") for _ in range(r.choice((4, 4, 5))))
            elif k < 0.93:
                name = r.choice(NAME_CO) + r.choice(NAME_CO_TAILS)
            else:
                name = r.choice(NAME_V) + r.choice(NAME_V_TAILS)
            low = name.lower()
            if low not in self.used_names:
                self.used_names[low] = None
                for suffix in FAMILY_SUFFIXES:
                    self.used_names[(name + suffix).lower()] = None
                return name

    def new_id(self, latest: date) -> str:
        """A fresh arXiv ID whose YYMM lies in the period and not after ``latest``."""
        months = [ym for ym in self.months if ym <= (latest.year, latest.month)] or self.months[:1]
        while True:
            y, m = self.rng.choice(months)
            pid = f"{y % 100:02d}{m:02d}.{self.rng.randint(1, 29999):05d}"
            if pid not in self.used_ids:
                self.used_ids[pid] = None
                return pid

    def new_paper(
        self,
        topic: str,
        area: int,
        latest: date,
        noun_idx: int | None = None,
        name: str | None = None,
        tail: tuple[int, int, int, int] | None = None,
    ) -> Paper:
        """Create a paper with a unique name, ID and title tail."""
        r = self.rng
        nouns = AREAS[area][1] if topic == TOPIC else OTHER_TOPIC_NOUNS[topic]
        if tail is None:
            while True:
                ni = noun_idx if noun_idx is not None else r.randrange(len(nouns))
                cand = (
                    ni,
                    r.randrange(len(ADJS)),
                    r.randrange(len(CTXS)),
                    r.randrange(len(TITLE_TEMPLATES)),
                )
                tkey = (topic, area, cand[0], cand[1], cand[2])
                if tkey not in self.used_tails:
                    self.used_tails[tkey] = None
                    tail = cand
                    break
        ni, ai, ci, ti = tail
        noun, adj, ctx, tech = nouns[ni], ADJS[ai], CTXS[ci], r.choice(TECHS)
        name = name or self.new_name()
        title = TITLE_TEMPLATES[ti].format(
            name=name, adj=adj[0], noun=noun[0], ctx=ctx[0], tech=tech[0]
        )
        en_short = title.split(": ", 1)[1]
        zh_short = space_cjk(f"{ctx[1]}的{adj[1]}{noun[1]}")
        p = Paper(
            pid=self.new_id(latest),
            name=name,
            title=title,
            topic=topic,
            area=area,
            en_short=en_short,
            zh_short=zh_short,
            noun_zh=noun[1],
            noun_en=noun[0],
            vmax=r.choice((1, 1, 2, 2, 3)),
        )
        if topic == "rag":
            p.rag_section = RAG_NOUN_SECTION[ni]
        self.papers.append(p)
        return p

    def new_blog(self, day: date, area: int) -> Blog:
        """A URL-only blog post with a unique (engine, feature, qualifier)."""
        r = self.rng
        while True:
            combo = (
                r.randrange(len(BLOG_ENGINES)),
                r.randrange(len(BLOG_FEATURES)),
                r.randrange(len(BLOG_QUALS)),
            )
            if combo not in self.used_blogs:
                self.used_blogs[combo] = None
                break
        engine, feat, qual = BLOG_ENGINES[combo[0]], BLOG_FEATURES[combo[1]], BLOG_QUALS[combo[2]]
        org, pattern = r.choice(BLOG_SOURCES)
        slug = slugify(f"{engine} {feat[0]} {qual[0]}")
        url = pattern.format(
            d=day.isoformat(),
            slug=slug,
            y=day.year,
            m=f"{day.month:02d}",
            dd=f"{day.day:02d}",
            user=r.choice(CSDN_USERS if org == "CSDN" else SUBSTACK_USERS),
            num=r.randint(140_000_000, 149_999_999),
        )
        variants = [url]
        bare = url.split("://", 1)[1]
        variants.append(url + "/" if not url.endswith((".html", "/")) else url.rstrip("/"))
        variants.append(bare)
        if "://www." in url:
            variants.append(url.replace("://www.", "://"))
        b = Blog(
            key=url,
            org=org,
            engine=engine,
            feat=feat,
            qual=qual,
            day=day,
            url_variants=variants,
            area=area,
        )
        self.blogs.append(b)
        return b

    def blog_title(self, b: Blog, variant: str) -> str:
        """One of several spellings of a blog post's title."""
        q_en = f" {b.qual[0]}" if b.qual[0] else ""
        if variant == "swap":
            return f"{b.feat[0]} in {b.engine}{q_en}"
        if variant == "zh":
            return f"{b.engine} {b.feat[1]}{b.qual[1]}"
        if variant == "suffix":
            return f"{b.engine} {b.feat[0]}{q_en} (blog)"
        if variant == "org":
            return f"{b.org} blog: {b.feat[0]} in {b.engine}{q_en}"
        return f"{b.engine} {b.feat[0]}{q_en}"

    @staticmethod
    def paper_title(p: Paper, variant: str) -> str:
        """One of several ways a note names a paper."""
        if variant == "name":
            return p.name
        if variant == "name_zh":
            return f"{p.name} · {p.zh_short}"
        if variant == "name_en":
            return f"{p.name} — {p.en_short}"
        return p.title

    # ----------------------------------------------------------------- living document

    def build_sections(self) -> list[tuple[str, str, int, int, int | None]]:
        """Numbered sections: (number, title, level, area, noun index)."""
        per_top = max(1, round(self.spec.sections / self.n_areas)) - 1
        out: list[tuple[str, str, int, int, int | None]] = []
        for a in range(self.n_areas):
            title, nouns = AREAS[a]
            out.append((f"§1.{a + 1}", title, 3, a, None))
            subs: list[tuple[str, int | None]] = [(zh, i) for i, (_, zh) in enumerate(nouns)]
            subs += [(g, None) for g in GENERIC_SUBS]
            for j in range(per_top):
                sub_title, ni = subs[j % len(subs)]
                out.append((f"§1.{a + 1}.{j + 1}", sub_title, 4, a, ni))
        return out

    def anchor_day(self) -> date:
        """A plausible anchoring date not after the living doc's version."""
        lo = max(self.start.date() - timedelta(days=20), date(self.start.year, self.start.month, 1))
        hi = self.until.date()
        return lo + timedelta(days=self.rng.randint(0, (hi - lo).days))

    def make_anchors(self) -> dict[str, list]:
        """Create the anchored papers, blogs and named items of each section."""
        r = self.rng
        sections = self.sections
        counts = [0] * len(sections)
        for _ in range(self.spec.anchors):
            counts[r.randrange(len(sections))] += 1
        per: dict[str, list] = {}
        for (num, _title, _lvl, area, ni), n in zip(sections, counts, strict=True):
            items: list = []
            for _ in range(n):
                day = self.anchor_day()
                p = self.new_paper(TOPIC, area, day, noun_idx=ni)
                p.section, p.anchor_day = num, day
                items.append(p)
            if r.random() < 0.08:
                b = self.new_blog(self.anchor_day(), area)
                b.section = num
                items.append(b)
            per[num] = items
        return per

    def doc_desc(self, p: Paper) -> str:
        """Description text of one bullet; richer while the document is under its size budget."""
        r = self.rng
        rich = self.anchor_count == 0 or self.anchor_bytes / self.anchor_count < self.anchor_budget
        parts = [p.zh_short, ":"]
        if rich:
            parts += [self.fill(r.choice(ZH_METHOD), noun=p.noun_zh), ";"]
        parts.append(self.fill(r.choice(ZH_RESULT)))
        if rich and r.random() < 0.5:
            parts += [";", self.fill(r.choice(ZH_EXTRA), noun=p.noun_zh)]
        parts.append("。")
        if rich and r.random() < 0.15:
            parts.append("(待核:" + self.fill(r.choice(ZH_CAVEAT)) + ")")
        return "".join(parts)

    def anchor_line(self, p: Paper) -> str:
        """A ``- **Name**(arXiv:ID,8-17 锚入):...`` bullet."""
        r = self.rng
        assert p.anchor_day is not None
        idf = fmt_id(p.pid, r.choice(DOC_ID_FORMS), r.randint(1, p.vmax))
        k = r.random()
        if k < 0.12:
            meta = f"{r.choice(VENUES)},{idf},{md(p.anchor_day)} 锚入"
        elif k < 0.2:
            meta = f"{r.choice(ORGS)} 主导,{idf},{md(p.anchor_day)} 锚入"
        else:
            meta = f"{idf},{md(p.anchor_day)} 锚入"
        if r.random() < 0.08:
            line = f"- **{p.name}** ({meta.replace(',', ', ')}): {self.doc_desc(p)}"
        else:
            line = f"- **{p.name}**({meta}):{self.doc_desc(p)}"
        if r.random() < 0.1:
            line += f"\n  - 生产警示({md(self.anchor_day())} 锚入):" + self.fill(
                r.choice(ZH_CAVEAT)
            )
        self.anchor_bytes += len(line.encode())
        self.anchor_count += 1
        return line

    def filler(self, area: int) -> str:
        """A note line without IDs, used to reach the target document size."""
        r = self.rng
        noun = r.choice(AREAS[area][1])[1]
        k = r.random()
        if k < 0.4:
            return (
                "- 注:"
                + self.fill(r.choice(ZH_PROBLEM), noun=noun, ctx=r.choice(CTXS)[1])
                + ";"
                + self.fill(r.choice(ZH_RESULT))
                + "(社区复现,非论文数字)。"
            )
        if k < 0.7:
            return (
                "- 开放问题:"
                + self.fill(r.choice(ZH_PROBLEM), noun=noun, ctx=r.choice(CTXS)[1])
                + ",目前只有经验值,缺系统对比。"
            )
        return (
            "- 待核:"
            + self.fill(r.choice(ZH_CAVEAT))
            + ";"
            + self.fill(r.choice(ZH_EXTRA), noun=noun)
            + "。"
        )

    def render_inference_doc(self, per: dict[str, list]) -> str:
        """The big living document ``organized/knowledge/inference.md``."""
        r = self.rng
        end = self.until.date()
        blocks: list[list[str]] = []  # one block per numbered section, fillers appended later
        block_area: list[int] = []
        tops = [s for s in self.sections if s[2] == 3]
        jump = " · ".join(
            f"[{num} {title}](#{heading_anchor(num + ' ' + title)})" for num, title, *_ in tops[:4]
        )
        head = [
            f"# inference 活文档 · {end.isoformat()} 版",
            "",
            "> 主题:inference(推理引擎 / serving 调度 / KV cache / 推理经济学 / 推理可复现性)",
            f"> 版本:**{end.isoformat()} 版**(上一版:{(end - timedelta(days=1)).isoformat()} 版)",
            f"> 最后接力:{end.isoformat()} 01:35 CST · 夜间活文档接力棒(tom 主笔)",
            '> 约定:每条写明 arXiv 号与锚入日期(如"8-19 锚入");标"待核"者数字尚未经 PDF / 官方核验;'
            "不同硬件的吞吐数字不可直接比较。",
            f"> 快速跳转:{jump} · [术语表](#附录术语表)",
            "",
            "## 目录",
            "",
        ]
        head += [f"- {num} {title}" for num, title, *_ in tops]
        head += ["- 附录:术语表", "", "---", "", "## §1 推理 (Inference)", ""]
        fence_done = False
        for idx, (num, title, lvl, area, _ni) in enumerate(self.sections):
            b: list[str] = ["#" * lvl + f" {num} {title}", ""]
            if lvl == 3:
                b += [
                    f"本节收{AREAS[area][0]}相关工作;调度细节见 §1.{(area + 1) % self.n_areas + 1},"
                    "生产数字只在同硬件内比较。",
                    "",
                ]
            items = per[num]
            table_only: list[Paper] = []
            papers = [x for x in items if isinstance(x, Paper)]
            if len(papers) >= 4 and r.random() < 0.25:
                table_only = papers[-r.randint(1, 3) :]
            for it in items:
                if isinstance(it, Blog):
                    assert it.section is not None
                    b.append(
                        f"- **{self.blog_title(it, 'en')}**({it.url_variants[0]},"
                        f"{md(self.anchor_day())} 锚入):{it.feat[1]}{it.qual[1]};"
                        + self.fill(r.choice(ZH_RESULT))
                        + "(工程博客,非论文)。"
                    )
                elif it not in table_only:
                    b.append(self.anchor_line(it))
            if r.random() < 0.05:
                eng = r.choice(BLOG_ENGINES)
                b.append(
                    f"- **{eng} {r.randint(0, 9)}.{r.randint(0, 30)}**({md(self.anchor_day())} 锚入):"
                    f"{self.fill(r.choice(ZH_RESULT))};无 arXiv,官方 release note。"
                )
            if table_only:
                b += ["", "| # | 工作 | arXiv | 关键数字 | 锚入 |", "|---|---|---|---|---|"]
                shown = table_only + [p for p in papers if p not in table_only][:2]
                for k, p in enumerate(shown, 1):
                    assert p.anchor_day is not None
                    idf = fmt_id(p.pid, r.choice(["arxiv_colon", "bare", "bare", "ver"]), p.vmax)
                    b.append(
                        f"| {k} | {p.name} | {idf} | {self.fill(r.choice(ZH_RESULT))} | {md(p.anchor_day)} |"
                    )
            if lvl == 3 and area % 7 == 5:
                b += [
                    "",
                    "```bash",
                    "## not a heading —— 部署指南原文的注释行,照录",
                    f"vllm serve {r.choice(MODELS).replace(' ', '-')} \\",
                    f"  --tensor-parallel-size {r.choice((2, 4, 8))} \\",
                    f"  --gpu-memory-utilization 0.{r.randint(80, 95)} \\",
                    f"  --max-num-seqs {r.choice((128, 256, 512))} \\",
                    "  --enable-prefix-caching",
                    "```",
                ]
            if lvl == 3 and area % 7 == 2:
                b += [
                    "",
                    "```text",
                    "KV_bytes = 2 × n_layers × n_kv_heads × head_dim × seq_len × batch × bytes",
                    f"例:{r.choice(MODELS)} FP16,单序列 8K → 约 {r.uniform(0.5, 4):.1f} GB",
                    "```",
                ]
            if not fence_done and lvl == 4:
                fence_done = True
                b += [
                    "",
                    "锚入模板(照抄时替换占位符):",
                    "",
                    "```markdown",
                    "### §1.99 示例节(代码块内,不是真实节)",
                    "- **Name**(arXiv:YYMM.NNNNN,M-D 锚入):一句话描述",
                    "```",
                ]
            if lvl == 3 and r.random() < 0.5:
                b += ["", f"详见 [{num} {title}](#{heading_anchor(num + ' ' + title)}) 下各子节。"]
            b.append("")
            last_top_sub = idx + 1 == len(self.sections) or self.sections[idx + 1][2] == 3
            if lvl == 4 and last_top_sub and r.random() < 0.5:
                b += ["#### 开放问题(本节)", "", self.filler(area), ""]
            blocks.append(b)
            block_area.append(area)
        tail = [
            "### 附录:术语表",
            "",
            "| 术语 | 含义 |",
            "|---|---|",
            "| TTFT | Time To First Token,首 token 延迟 |",
            "| TBT / TPOT | Time Between Tokens |",
            "| PD 分离 | Prefill / Decode 分离部署 |",
            "| HBF | High-Bandwidth Flash |",
            "| goodput | 满足 SLO 的有效吞吐 |",
            "",
            "## 变更记录",
            "",
        ]
        for d in range(3):
            day = end - timedelta(days=d)
            names = [p.name for p in self.papers if p.anchor_day == day and p.section][:6]
            if names:
                tail.append(f"- {day.isoformat()} 版:新增 {'、'.join(names)}。")
        tail.append("")

        def total() -> int:
            return sum(len(line.encode()) + 1 for blk in [head, tail, *blocks] for line in blk)

        size = total()
        target = self.spec.doc_bytes
        while size < target:
            k = r.randrange(len(blocks))
            line = self.filler(block_area[k])
            blocks[k].insert(len(blocks[k]) - 1, line)
            size += len(line.encode()) + 1
        return "\n".join(head + [line for blk in blocks for line in blk] + tail)

    def make_rag(self) -> list[Paper]:
        """Anchored papers of the small second document ``rag.md``."""
        out = []
        for _ in range(self.spec.rag_anchors):
            day = self.anchor_day()
            p = self.new_paper("rag", 0, day)
            p.anchor_day = day
            out.append(p)
        return out

    def render_rag_doc(self, papers: list[Paper]) -> str:
        """The second living document, sections §2.1 … §2.6."""
        end = self.until.date()
        lines = [
            f"# rag 活文档 · {end.isoformat()} 版",
            "",
            "> 主题:RAG(检索器 / 重排 / GraphRAG / Agentic RAG / 评测 / 向量库)",
            f"> 版本:{end.isoformat()} 版;约定同 inference 活文档:每条写 arXiv 号 + 锚入日期。",
            "",
            "## §2 检索增强生成 (RAG)",
            "",
        ]
        for num, title in RAG_SECTIONS:
            lines += [f"### {num} {title}", ""]
            for p in papers:
                if p.rag_section == num:
                    assert p.anchor_day is not None
                    idf = fmt_id(p.pid, self.rng.choice(DOC_ID_FORMS), p.vmax)
                    lines.append(
                        f"- **{p.name}**({idf},{md(p.anchor_day)} 锚入):{p.zh_short};"
                        + self.fill(self.rng.choice(ZH_RESULT))
                        + "。"
                    )
            lines.append("")
        lines += [
            "### 附录:跨主题指针",
            "",
            "- prefix cache / KV 复用 → inference 活文档 §1.3",
            "- RAG serving 的成本拆分 → inference 活文档 §1.6",
            "",
        ]
        return "\n".join(lines)

    # ----------------------------------------------------------------- notes: planning

    def make_authors(self) -> list[Author]:
        """Authors with their styles; every style is used by someone."""
        r = self.rng
        names = AUTHOR_POOL[: self.spec.authors]
        slots: list[str] = []
        while len(slots) < 2 * len(names):
            perm = NOTE_STYLES[:]
            r.shuffle(perm)
            slots += perm
        authors = []
        k = 0
        for i, name in enumerate(names):
            if i == 0:
                styles = ["briefing", slots[k]]
                k += 1
            else:
                a, b = slots[k], slots[k + 1]
                k += 2
                if a == b:
                    b = next(s for s in NOTE_STYLES if s != a)
                styles = [a, b]
            beat = "ai-industry" if styles[0] == "industry" else r.choice(NOTE_TOPICS)
            authors.append(
                Author(
                    name=name,
                    styles=styles,
                    lang="en" if "english" in styles else r.choice(("zh", "zh", "en")),
                    p_timed=r.choice((0.0, 0.3, 0.8)),
                    front_matter=r.random() < 0.35,
                    beat=beat,
                    ascii_punct=r.random() < 0.25,
                    weight=r.uniform(0.6, 1.4),
                )
            )
        authors[0].p_timed = 0.1
        return authors

    def note_time(self) -> datetime:
        """A minute-resolution time inside the period, at a plausible hour."""
        r = self.rng
        first = self.start.date()
        ndays = (self.until.date() - first).days
        while True:
            d = first + timedelta(days=r.randint(0, ndays))
            minute = r.randint(7 * 60 + 30, 23 * 60 + 50)
            t = datetime(d.year, d.month, d.day, minute // 60, minute % 60, tzinfo=TZ)
            if self.start < t <= self.until and t != self.since:
                return t

    def plan_notes(self, authors: list[Author]) -> list[NotePlan]:
        """Decide author, time, style and file name of every note."""
        r = self.rng
        editor = authors[0]
        notes: list[NotePlan] = []
        d = self.start.date() + timedelta(days=1)
        while d < self.until.date():
            t = datetime(d.year, d.month, d.day, 22, 20, tzinfo=TZ)
            notes.append(
                NotePlan(editor, t, "briefing", TOPIC, kind="briefing", time_in="signature")
            )
            d += timedelta(days=1)
        weights = [a.weight for a in authors]
        per_author: dict[str, int] = {}
        while len(notes) < self.spec.notes:
            a = r.choices(authors, weights)[0]
            k = per_author.get(a.name, 0)
            per_author[a.name] = k + 1
            style = a.styles[1] if k == 1 else (a.styles[0] if r.random() < 0.72 else a.styles[1])
            if style == "briefing":
                topic = r.choice(("evaluation", "rag", "agent"))
            elif style == "industry":
                topic = "ai-industry"
            else:
                topic = a.beat if r.random() < 0.7 else r.choice(NOTE_TOPICS)
            notes.append(NotePlan(a, self.note_time(), style, topic))
        notes.sort(key=lambda n: (n.time, n.author.name, n.style))
        used: dict[str, None] = {}
        for n in notes:
            lo, hi = ITEM_RANGE[n.style]
            n.n_items = r.randint(lo, hi)
            day = n.time.date().isoformat()
            timed = n.kind != "briefing" and r.random() < n.author.p_timed
            if n.kind == "briefing" or n.style == "briefing":
                base = f"{day}-{n.topic}-e1prep"
            elif timed:
                base = f"{day}T{n.time:%H%M}-{n.author.name}-{n.topic}-{_slug_kind(r, n.topic)}"
            else:
                base = f"{day}-{n.topic}-{_slug_kind(r, n.topic)}"
            path = f"inbox/{n.author.name}/{base}.md"
            k = 2
            while path in used:
                path = f"inbox/{n.author.name}/{base}-{k}.md"
                k += 1
            used[path] = None
            n.path = path
            if n.kind != "briefing" and n.style != "briefing":
                n.front_matter = n.author.front_matter and r.random() < 0.8
            if timed:
                n.time_in = "name"
            elif n.kind == "briefing" or n.style == "briefing":
                n.time_in = "signature"
            else:
                if n.front_matter and r.random() < 0.75:
                    n.time_in = "front_matter"
                elif r.random() < 0.6:
                    n.time_in = "signature"
                else:
                    n.time_in = "none"
            n.crlf = r.random() < 0.04
            n.bom = r.random() < 0.03
        return notes

    def plan_overlaps(self, notes: list[NotePlan]) -> dict[tuple[int, int], tuple[int, int]]:
        """Reserve item slots for planted overlap pairs: slot -> (pair, member)."""
        r = self.rng
        total = sum(n.n_items for n in notes)
        n_pairs = max(3, round(total * OVERLAP_RATE))
        eligible = [i for i, n in enumerate(notes) if n.style not in ("briefing", "industry")]
        slots: dict[tuple[int, int], tuple[int, int]] = {}
        pair = 0
        tries = 0
        while pair < n_pairs and tries < n_pairs * 50:
            tries += 1
            ni = r.choice(eligible)
            a = (ni, r.randrange(notes[ni].n_items))
            if notes[ni].n_items >= 2 and r.random() < 0.4:
                b = (ni, r.randrange(notes[ni].n_items))
            else:
                pos = eligible.index(ni)
                nj = eligible[min(len(eligible) - 1, pos + r.randint(1, 6))]
                b = (nj, r.randrange(notes[nj].n_items))
            if a == b or a in slots or b in slots:
                continue
            slots[a] = (pair, 0)
            slots[b] = (pair, 1)
            pair += 1
        return slots

    def make_overlap_pair(self, latest: date) -> tuple[Paper, Paper]:
        """Two different papers with deliberately similar names or titles."""
        r = self.rng
        area = r.randrange(self.n_areas)
        nouns = AREAS[area][1]
        while True:
            ni, ai, ci = r.randrange(len(nouns)), r.randrange(len(ADJS)), r.randrange(len(CTXS))
            key = (TOPIC, area, ni, ai, ci)
            if key not in self.used_tails:
                self.used_tails[key] = None
                break
        if r.random() < 0.5:
            base = self.new_name()
            a = self.new_paper(TOPIC, area, latest, name=base, tail=(ni, ai, ci, 0))
            other_ci = (ci + r.randint(1, len(CTXS) - 1)) % len(CTXS)
            self.used_tails[(TOPIC, area, ni, ai, other_ci)] = None
            b = self.new_paper(
                TOPIC,
                area,
                latest,
                name=base + r.choice(FAMILY_SUFFIXES),
                tail=(ni, ai, other_ci, r.choice((0, 2))),
            )
        else:
            a = self.new_paper(TOPIC, area, latest, tail=(ni, ai, ci, 0))
            other_ai = (ai + r.randint(1, len(ADJS) - 1)) % len(ADJS)
            self.used_tails[(TOPIC, area, ni, other_ai, ci)] = None
            b = self.new_paper(TOPIC, area, latest, tail=(ni, other_ai, ci, r.choice((0, 2, 3))))
        a.overlap = b.overlap = True
        return a, b

    # ----------------------------------------------------------------- notes: items

    def item_topic(self, note: NotePlan) -> str:
        """Topic of a fresh item, biased by the note's topic."""
        r = self.rng
        bias = {
            "evaluation": "evaluation",
            "rag": "rag",
            "agent": "agent",
            "risk": "engineering",
            "multimodal": "evaluation",
        }.get(note.topic)
        if bias and r.random() < 0.6:
            return bias
        return r.choices(
            [TOPIC, "evaluation", "agent", "rag", "engineering"], [58, 11, 11, 10, 10]
        )[0]

    def view(
        self,
        subject: Subject,
        note: NotePlan,
        first: View | None = None,
        mention: tuple[str, str, str] | None = None,
    ) -> View:
        """Decide how ``subject`` is written in ``note`` (a different form if it repeats)."""
        r = self.rng
        style = note.style
        lang = (
            "en" if style == "english" or (style == "links" and note.author.lang == "en") else "zh"
        )
        if isinstance(subject, Paper):
            forms = STYLE_ID_FORMS[style]
            if first is not None and first.id_form in forms and len(forms) > 1:
                forms = [f for f in forms if f != first.id_form]
            form = r.choice(forms)
            id_text = fmt_id(subject.pid, form, r.randint(1, subject.vmax))
            if lang == "en":
                variants = ["full", "full", "full", "name", "name_en"]
            elif style == "flyp":
                variants = ["name", "name", "full"]
            else:
                variants = ["full", "full", "name", "name_zh", "name_zh"]
            if subject.overlap:
                variants = [v for v in variants if v != "name"] or ["full"]
            if first is not None and r.random() < 0.7:
                variants = [v for v in variants if v != first.title_variant] or variants
            tv = r.choice(variants)
            title, url = self.paper_title(subject, tv), None
            noun = subject.noun_zh
            if subject.topic == TOPIC:
                label = noun
                if subject.section and r.random() < 0.5:
                    hint = subject.section
                else:
                    hint = f"§1.{subject.area + 1}"
            elif subject.topic == "rag":
                label, hint = "RAG", f"—(rag 主题,rag 活文档 {subject.rag_section})"
            else:
                label, hint = subject.topic, f"—({subject.topic} 主题)"
        elif isinstance(subject, Blog):
            variants = (
                ["en", "swap", "suffix", "org"] if lang == "en" else ["en", "zh", "swap", "suffix"]
            )
            if first is not None:
                variants = [v for v in variants if v != first.title_variant]
            tv = r.choice(variants)
            title = self.blog_title(subject, tv)
            if first is not None and r.random() < 0.5:
                url = r.choice(subject.url_variants[1:])
            elif first is not None:
                url = first.url
            else:
                url = subject.url_variants[0]
            form, id_text, noun = None, None, subject.feat[1]
            label = f"{subject.engine} 生产调优"
            hint = subject.section or f"§1.{subject.area + 1}"
        else:
            tv, title, url, form, id_text = "news", subject.text, None, None, None
            noun, label, hint = "推理价格", "行业", "—(industry)"
        ctx = r.choice(CTXS)
        if lang == "en":
            if isinstance(subject, Paper):
                en_noun = subject.noun_en
            elif isinstance(subject, Blog):
                en_noun = subject.feat[0]
            else:
                en_noun = "inference pricing"
            points = [
                "Problem: " + self.fill(r.choice(EN_PROBLEM), noun=en_noun, ctx=ctx[0], en=True),
                "Method: " + self.fill(r.choice(EN_METHOD), noun=en_noun, en=True),
                "Result: " + self.fill(r.choice(EN_RESULT), en=True),
            ][: r.randint(2, 3)]
            caveat = self.fill(r.choice(EN_CAVEAT), en=True)
            judge = r.choice(
                ["worth a main-line slot", "adjacent only", "production detail, not a new route"]
            )
        elif isinstance(subject, News):
            points = r.sample(NEWS_POINTS, 2)
            caveat = "官方未披露技术细节"
            judge = r.choice(
                ["价格信号强于技术信号", "行业新闻,不进 inference 主线", "影响推理经济学单价表"]
            )
        else:
            points = [
                "问题:" + self.fill(r.choice(ZH_PROBLEM), noun=noun, ctx=ctx[1]),
                "做法:" + self.fill(r.choice(ZH_METHOD), noun=noun),
                "结果:" + self.fill(r.choice(ZH_RESULT)),
            ]
            if r.random() < 0.5:
                points.append(self.fill(r.choice(ZH_EXTRA), noun=noun))
            points = points[: r.randint(2, len(points))]
            caveat = self.fill(r.choice(ZH_CAVEAT))
            judge = self.fill(r.choice(ZH_JUDGE))
        pr = r.choice("🔴🟠🟡")
        v = View(
            subject=subject,
            title=title,
            title_variant=tv,
            id_form=form,
            id_text=id_text,
            url=url,
            label=label,
            points=points,
            caveat=caveat,
            judge=judge,
            section_hint=hint,
            priority=pr,
            stars={"🔴": 3, "🟠": 2, "🟡": 1}[pr],
            lang=lang,
        )
        if mention is not None:
            v.mentions.append(mention)
        return v

    def take_anchored(self, pool: dict[str, list[Paper]], latest: date, pop: bool) -> Paper | None:
        """An anchored paper whose ID month is not after ``latest``."""
        ym = f"{latest.year % 100:02d}{latest.month:02d}"
        months = [m for m in sorted(pool) if m <= ym and pool[m]]
        if not months:
            return None
        lst = pool[self.rng.choices(months, [len(pool[m]) for m in months])[0]]
        return lst.pop() if pop else self.rng.choice(lst[-50:])

    def pick_recent(self, reported: list[Subject], avoid: dict[str, None]) -> Subject | None:
        """A previously reported subject, preferring recent ones."""
        r = self.rng
        if not reported:
            return None
        scale = max(5.0, len(reported) / max(1, self.spec.days) / 2)
        for _ in range(20):
            k = min(len(reported) - 1, int(r.expovariate(1 / scale)))
            s = reported[len(reported) - 1 - k]
            if s.key not in avoid and not isinstance(s, News):
                return s
        return None

    def choose_items(self, notes: list[NotePlan]) -> list[list[View]]:
        """Choose and phrase every item of every note, in time order."""
        r = self.rng
        overlap_slots = self.plan_overlaps(notes)
        pairs: dict[int, tuple[Paper, Paper]] = {}
        anchored_pool: dict[str, list[Paper]] = {}
        for p in self.papers:
            if p.section:
                anchored_pool.setdefault(p.pid[:4], []).append(p)
        for lst in anchored_pool.values():
            r.shuffle(lst)
        anchored_blogs = [b for b in self.blogs if b.section]
        rag_pool: dict[str, list[Paper]] = {}
        for p in self.rag_papers:
            rag_pool.setdefault(p.pid[:4], []).append(p)
        for lst in rag_pool.values():
            r.shuffle(lst)
        reported: list[Subject] = []
        first_view: dict[str, View] = {}
        first_path: dict[str, str] = {}
        refs_by_key: dict[str, list[str]] = {}
        news_n = 0
        out: list[list[View]] = []
        for ni, note in enumerate(notes):
            views: list[View] = []
            in_note: dict[str, None] = {}
            latest = note.time.date()
            if note.kind == "briefing":
                lo = note.time - timedelta(hours=24)
                cands = []
                for s in reversed(reported):
                    fp = first_path[s.key]
                    if (
                        s.key in in_note
                        or isinstance(s, News)
                        or getattr(s, "topic", TOPIC) != TOPIC
                    ):
                        continue
                    if self.note_times[fp] <= lo:
                        break
                    cands.append(s)
                r.shuffle(cands)
                for s in cands[: note.n_items]:
                    v = self.view(s, note, first=first_view[s.key])
                    v.sources = refs_by_key[s.key][:3]
                    views.append(v)
                    in_note[s.key] = None
            else:
                for ii in range(note.n_items):
                    subject: Subject | None = None
                    mention = None
                    slot = overlap_slots.get((ni, ii))
                    if slot is not None:
                        pair_i, member = slot
                        if pair_i not in pairs:
                            pairs[pair_i] = self.make_overlap_pair(latest)
                        subject = pairs[pair_i][member]
                        if subject.key in in_note:
                            subject = None
                        elif r.random() < 0.35:
                            sib = pairs[pair_i][1 - member]
                            mention = (
                                sib.name,
                                fmt_id(sib.pid, r.choice(("bare", "arxiv_colon")), 1),
                                "sibling",
                            )
                    k = r.random()
                    if subject is None and k < P_DUP:
                        subject = self.pick_recent(reported, in_note)
                    if subject is None and k < P_DUP + P_ANCHORED:
                        ready = [b for b in anchored_blogs if b.day <= latest]
                        if ready and r.random() < 0.05:
                            subject = ready[-1]
                            anchored_blogs.remove(ready[-1])
                        elif note.topic == "rag" and r.random() < 0.5:
                            subject = self.take_anchored(rag_pool, latest, pop=True)
                        if subject is None:
                            subject = self.take_anchored(anchored_pool, latest, pop=True)
                    if subject is None and note.style == "industry" and r.random() < 0.55:
                        news_n += 1
                        subject = News(key=f"news:{news_n}", text=self.news_text())
                    if subject is None and r.random() < P_BLOG:
                        subject = self.new_blog(
                            latest - timedelta(days=r.randint(0, 3)), r.randrange(self.n_areas)
                        )
                    if subject is None:
                        topic = self.item_topic(note)
                        area = r.randrange(self.n_areas)
                        subject = self.new_paper(topic, area, latest)
                    ap = None
                    if mention is None and r.random() < P_MENTION:
                        ap = self.take_anchored(anchored_pool, latest, pop=False)
                    if ap is not None:
                        mention = (
                            ap.name,
                            fmt_id(ap.pid, r.choice(("bare", "arxiv_colon", "ver")), 1),
                            ap.section or "",
                        )
                    v = self.view(subject, note, first=first_view.get(subject.key), mention=mention)
                    views.append(v)
                    in_note[subject.key] = None
            for v in views:
                key = v.subject.key
                refs_by_key.setdefault(key, []).append(note.path)
                if key not in first_view:
                    first_view[key] = v
                    first_path[key] = note.path
                    reported.append(v.subject)
            out.append(views)
        self.overlap_pairs_found = [
            (a.pid, b.pid)
            for _, (a, b) in sorted(pairs.items())
            if a.pid in first_view and b.pid in first_view
        ]
        return out

    def news_text(self) -> str:
        """A unique industry news headline."""
        r = self.rng
        while True:
            text = r.choice(NEWS_TEMPLATES).format(
                gpu=r.choice(HARDWARE),
                p=r.randint(5, 40),
                lab=r.choice(NEWS_LABS),
                model=r.choice(MODELS),
                n=r.randint(2, 4),
                k=r.randint(2, 12),
                proj=r.choice(NEWS_PROJECTS),
                stage=r.choice(("Sandbox", "Incubating")),
                price=f"{r.uniform(0.1, 3):.2f}",
            )
            if text not in self.used_news:
                self.used_news[text] = None
                return text

    # ----------------------------------------------------------------- notes: rendering

    def punct(self, note: NotePlan) -> tuple[str, str, str, str]:
        """Parentheses, colon and comma in this note's habit."""
        if note.author.ascii_punct:
            return "(", ")", ": ", ", "
        return "(", ")", ":", ","

    def window_text(self, note: NotePlan) -> str:
        """The relay window (22:20 to 22:20) a note belongs to; reveals no note time."""
        end = note.time.replace(hour=22, minute=20)
        if note.time > end:
            end += timedelta(days=1)
        lo = end - timedelta(hours=24)
        return f"{lo:%Y-%m-%d %H:%M} → {end:%Y-%m-%d %H:%M}"

    def signature(self, note: NotePlan) -> str:
        return f"{note.author.name} · {note.time:%Y-%m-%d %H:%M}"

    def preamble(self, note: NotePlan, title: str) -> list[str]:
        """Optional YAML front matter, then the title and a header line."""
        lines: list[str] = []
        if note.front_matter:
            lines += [
                "---",
                f"author: {note.author.name}",
                f"date: {note.time:%Y-%m-%d}",
                f"topic: {note.topic}",
            ]
            if note.time_in in ("front_matter", "name"):
                lines.append(f"generated: {note.time:%Y-%m-%dT%H:%M}+08:00")
            lines += ["---", ""]
        lines += [f"# {title}", ""]
        if note.time_in == "name":
            lines += [f"{self.signature(note)} · {note.topic} 扫读", ""]
        else:
            lines += [f"{note.author.name} · {note.topic} 主题 · 按条目整理", ""]
        return lines

    def closing(self, note: NotePlan) -> list[str]:
        if note.time_in == "signature":
            return ["", f"—— {self.signature(note)}"]
        return []

    def mention_lines(self, v: View, indent: str = "") -> list[str]:
        out = []
        for name, idt, kind in v.mentions:
            if kind == "sibling":
                out.append(
                    f"{indent}- 旁注:同期还有一篇 {name}({idt}),方向很接近,可能同组,需要确认是不是两篇"
                )
            elif v.lang == "en":
                out.append(f"{indent}- Related: {name} ({idt}), already in the living doc {kind}")
            else:
                out.append(f"{indent}- 关联:活文档 {kind} 的 {name}({idt})是同一方向,这篇是补充")
        return out

    def r_zengliang(self, note: NotePlan, views: list[View]) -> list[str]:
        lp, rp, colon, _ = self.punct(note)
        spark = note.front_matter
        # the sample relay labels a topic's "E1 预消化" (pre-digest) a briefing of that topic (tom's
        # inference one is its previous briefing): a note of this workspace's own topic titled so
        # would contradict ground truth, which calls it a note
        kind = "增量整理" if note.topic == TOPIC else "E1 预消化"
        lines = self.preamble(note, f"{note.topic} · {kind} · {note.time:%Y-%m-%d}")
        lines += [
            "## 状态",
            "",
            f"- 主线增量 {len(views)} 条",
            "- 整体:今天 serving 方向密度中等",
            "",
        ]
        for i, v in enumerate(views, 1):
            s = v.subject
            if spark:
                lines += [f"### 增量 {i}{colon}{v.title}", ""]
                if isinstance(s, Paper):
                    lines.append(f"- {v.id_text}")
                elif isinstance(s, Blog):
                    lines.append(f"- 来源{colon}{v.url}")
            elif isinstance(s, Blog):
                lines += [
                    f"## 增量{i}【{v.label}】{v.title}{lp}{s.org} Blog,{s.day.isoformat()}{rp}",
                    "",
                    f"- 链接{colon}{v.url}",
                    f"- 类型{colon}官方工程博客,无 arXiv",
                ]
            else:
                lines += [f"## 增量{i}【{v.label}】{v.title}{lp}{v.id_text}{rp}", ""]
                if isinstance(s, Paper) and self.rng.random() < 0.4:
                    lines.append(f"- 链接{colon}https://arxiv.org/abs/{s.pid}")
            lines.append(f"- 要点{colon}")
            lines += [f"  - {p}" for p in v.points]
            lines.append(f"- 判断{colon}{v.judge}")
            lines += self.mention_lines(v)
            lines.append(f"- {self.rng.choice(('警示', '待核'))}{colon}{v.caveat}")
            lines += [f"- 建议归入节: {v.section_hint}", ""]
        lines += [
            "## 今天没进主线的",
            "",
            "- 两篇训练侧的经验贴,转 training",
            "- 一条行业新闻,转 industry",
        ]
        return lines + self.closing(note)

    def r_numbered(self, note: NotePlan, views: list[View]) -> list[str]:
        _, _, colon, _ = self.punct(note)
        lines = self.preamble(
            note, f"{note.author.name} · {note.topic} filter · {note.time:%Y-%m-%d}"
        )
        drop = self.rng.randint(5, 30)
        lines += [
            f"过滤范围{colon}RSS + arXiv cs.DC / cs.LG + 几个公众号",
            f"结果{colon}保留 {len(views)} 条,丢弃 {drop} 条",
            "",
        ]
        for i, v in enumerate(views, 1):
            s = v.subject
            if isinstance(s, Blog):
                lines.append(f"{i}. **条目{i}** {v.title}(发布 {s.day.isoformat()})")
                lines.append(f"   - URL: {v.url}")
            elif isinstance(s, News):
                lines.append(f"{i}. **条目{i}** {v.title}")
            else:
                lines.append(f"{i}. **条目{i}** {v.title} — {v.id_text}")
            lines += [f"   - {p.split(':', 1)[-1]}" for p in v.points]
            lines += self.mention_lines(v, "   ")
            lines.append(
                f"   - 价值{colon}{'高' if v.stars == 3 else '中' if v.stars == 2 else '低'} → {v.section_hint}"
            )
        lines += [
            "",
            f"丢弃(节选,共 {drop} 条):",
            "- 两个 patch release(只修了 LoRA bug)",
            "- 若干转载文,数字全是旧的",
        ]
        return lines + self.closing(note)

    def r_english(self, note: NotePlan, views: list[View]) -> list[str]:
        lines = self.preamble(note, f"Reading notes — {note.topic} — {note.time:%Y-%m-%d}")
        lines += ["Scope: arXiv cs.DC / cs.LG, engineering blogs. Items in reading order.", ""]
        for i, v in enumerate(views, 1):
            s = v.subject
            lines += [f"### Item {i} — {v.title}", ""]
            if isinstance(s, Paper):
                lines.append(f"- arXiv: {v.id_text}")
            elif isinstance(s, Blog):
                lines.append(f"- Link: {v.url}")
            lines.append(f"- Priority: {v.priority} {'★' * v.stars}")
            lines.append("- Key points:")
            lines += [f"  - {p}" for p in v.points]
            lines += self.mention_lines(v)
            lines += [
                "",
                f"Suggested section: {v.section_hint if v.section_hint.startswith('§') else 'n/a'}",
                f"Caveats: {v.caveat}",
                "",
            ]
        return lines + self.closing(note)

    def r_table(self, note: NotePlan, views: list[View]) -> list[str]:
        en = note.author.lang == "en"
        lines = self.preamble(note, f"Paper radar · {note.topic} · {note.time:%Y-%m-%d}")
        lines += ["| # | Paper | arXiv | 优先级 | 建议节 |", "|---|---|---|---|---|"]
        for i, v in enumerate(views, 1):
            s = v.subject
            paper = f"[{v.title}]({v.url})" if isinstance(s, Blog) else v.title
            idt = v.id_text if isinstance(s, Paper) else "—"
            hint = v.section_hint if v.section_hint.startswith("§") else "—"
            lines.append(f"| {i} | {paper} | {idt} | {v.priority} {'★' * v.stars} | {hint} |")
        lines += ["", "## Notes" if en else "## 备注", ""]
        for i, v in enumerate(views, 1):
            if self.rng.random() < 0.5:
                lines.append(f"- #{i}: {v.caveat}")
        return lines + self.closing(note)

    def r_links(self, note: NotePlan, views: list[View]) -> list[str]:
        en = note.author.lang == "en"
        lines = self.preamble(note, f"{note.topic} links · {note.time:%Y-%m-%d}")
        groups = [("## Serving" if en else "## 推理", []), ("## Other" if en else "## 其他", [])]
        for v in views:
            s = v.subject
            groups[0 if getattr(s, "topic", TOPIC) == TOPIC else 1][1].append(v)
        for heading, vs in groups:
            if not vs:
                continue
            lines += [heading, ""]
            for v in vs:
                s = v.subject
                if v.id_form == "mdlink":
                    lines.append(f"- {v.title} {v.id_text}")
                else:
                    target = v.url if isinstance(s, Blog) else v.id_text
                    lines.append(f"- [{v.title}]({target}) — {v.judge}")
                if self.rng.random() < 0.5:
                    lines.append(f"  - {v.points[-1]}")
                lines += self.mention_lines(v, "  ")
            lines.append("")
        return lines + self.closing(note)

    def r_details(self, note: NotePlan, views: list[View]) -> list[str]:
        _, _, colon, _ = self.punct(note)
        lines = self.preamble(note, f"{note.author.name} 深读 · {note.time:%Y-%m-%d}")
        for v in views:
            s = v.subject
            idp = f"({v.id_text})" if isinstance(s, Paper) else ""
            lines += ["<details>", f"<summary>{v.priority} {v.title}{idp}</summary>", ""]
            if isinstance(s, Blog):
                lines.append(f"- 链接{colon}{v.url}")
            lines.append(f"- 要点{colon}")
            lines += [f"  - {p}" for p in v.points]
            lines += self.mention_lines(v)
            lines += [
                f"- 待核{colon}{v.caveat}",
                f"- 建议归入节: {v.section_hint}",
                "",
                "</details>",
                "",
            ]
        return lines + self.closing(note)

    def r_flyp(self, note: NotePlan, views: list[View]) -> list[str]:
        lp, rp, colon, _ = self.punct(note)
        lines = []
        if note.front_matter:
            lines = self.preamble(note, f"{note.topic} E1 prep — {note.time:%Y-%m-%d}")[:-4]
        lines += [
            f"# {note.topic} E1 prep — {note.time:%Y-%m-%d}",
            "",
            f"> {note.author.name} · {note.topic} 主题 · 窗口 {self.window_text(note)} (CST)",
            f"> 结论先行{colon}今天 {len(views)} 条,按重要性排序。",
            "",
            "---",
            "",
        ]
        for i, v in enumerate(views, 1):
            s = v.subject
            desc = s.zh_short if isinstance(s, Paper) else v.label
            lines += [f"## {i}) {v.title} — {desc}", ""]
            if isinstance(s, Paper):
                card = f" · 卡片 {s.card}" if s.card else ""
                lines.append(f"- 论文{colon}{v.id_text}{card}")
            elif isinstance(s, Blog):
                lines.append(f"- 来源{colon}{v.url}")
            lines.append(f"- 内容{colon}")
            lines += [f"  - {p}" for p in v.points]
            lines.append(f"- 我的判断{colon}{v.judge}")
            lines += self.mention_lines(v)
            lines += [f"- 待核{colon}{v.caveat}", ""]
        lines += ["---", "", "## 待核清单", "", "| # | 项 | 来源 |", "|---|---|---|"]
        for i, v in enumerate(views, 1):
            s = v.subject
            src = f"arXiv:{s.pid}" if isinstance(s, Paper) else (v.url or "—")
            lines.append(f"| {i} | {v.caveat} | {src} |")
        return lines + self.closing(note)

    def r_briefing(self, note: NotePlan, views: list[View]) -> list[str]:
        topic = note.topic
        lines = [
            f"{topic} · E1 预消化简报({note.time:%Y-%m-%d})",
            f"执行: Tom · {topic} 主题 E1 日间预消化轮 · 窗口:{self.window_text(note)}(约 24h)",
            f"基线活文档: organized/knowledge/{topic}.md({note.time:%Y-%m-%d} 版)",
            "本棒性质: 日间预消化轮;不重写活文档,只列近 24h 新增量",
            "状态",
            f"- 增量条数: {len(views)} 条",
            "一、最重要的增量",
        ]
        main = max(1, len(views) * 2 // 3)
        for i, v in enumerate(views, 1):
            s = v.subject
            tag = f"增量 {i}" if i <= main else f"邻接 {chr(64 + i - main)}"
            sec = v.section_hint if v.section_hint.startswith("§") else "—"
            idp = f"({v.id_text})" if isinstance(s, Paper) else ""
            lines.append(
                f"{tag}【{v.label} · {sec}】{v.priority} {v.title}{idp}:{v.points[0].split(':', 1)[-1]} "
                f"{'★' * v.stars}"
            )
            if v.sources:
                lines.append("来源: " + " + ".join(v.sources))
            if isinstance(s, Paper):
                lines.append(f"URL: https://arxiv.org/abs/{s.pid}")
            elif isinstance(s, Blog):
                lines += [f"URL: {v.url}", "arXiv: 无(工程博客)"]
            lines.append("要点: " + " ".join(f"- {p}" for p in v.points))
            lines.append(f"警示: - {v.caveat}")
            lines.append(f"建议归入节: {sec}")
        lines.append("三、可引用 arXiv 号列表")
        ids = [f"{v.subject.pid} {v.subject.name}" for v in views if isinstance(v.subject, Paper)]
        lines.append("🆕 本棒净增: " + " · ".join(ids) if ids else "🆕 本棒净增: 无")
        lines.append(f"Tom · {note.time:%Y-%m-%d %H:%M} CST · E1 日间预消化轮 · {topic} 主题")
        return lines

    def r_industry(self, note: NotePlan, views: list[View]) -> list[str]:
        lines = self.preamble(note, f"AI industry · E1 prep · {note.time:%Y-%m-%d}")
        lines += [
            "## 事件总表",
            "",
            "| # | 事件 | 类型 | 影响面 | 优先级 |",
            "|---|---|---|---|---|",
        ]
        for i, v in enumerate(views, 1):
            kind = "价格 / 算力" if isinstance(v.subject, News) else "技术"
            lines.append(f"| {i} | {v.title} | {kind} | 推理基础设施 | {'高中低'[3 - v.stars]} |")
        lines.append("")
        for i, v in enumerate(views, 1):
            s = v.subject
            lines += [f"## {i}. {v.title}", ""]
            if isinstance(s, Paper):
                lines.append(f"- 信息来源:{v.id_text}")
            elif isinstance(s, Blog):
                lines.append(f"- 信息来源:{v.url}")
            else:
                lines.append("- 信息来源:官方 changelog + 两个公众号")
            lines += [f"- 事实:{v.points[-1].split(':', 1)[-1]}", f"- 判断:{v.judge}", ""]
        return lines + self.closing(note)

    def render_note(self, note: NotePlan, views: list[View]) -> str:
        """Full text of one note in its style."""
        renderer: Callable[[NotePlan, list[View]], list[str]] = getattr(self, f"r_{note.style}")
        return "\n".join(line.rstrip() for line in renderer(note, views)) + "\n"

    # ----------------------------------------------------------------- cards

    def make_cards(self, authors: list[Author], first_day: dict[str, date]) -> list[Paper]:
        """Choose papers for paper cards and give them numbers."""
        r = self.rng
        n = self.spec.cards
        anchored = [p for p in self.papers if p.section]
        in_notes = [p for p in self.papers if p.pid in first_day and not p.section]
        picked: list[Paper] = r.sample(anchored, min(len(anchored), int(n * 0.4)))
        picked += r.sample(in_notes, min(len(in_notes), int(n * 0.4)))
        while len(picked) < n:
            day = self.start.date() + timedelta(days=r.randint(0, self.spec.days))
            topic = r.choices(
                [TOPIC, "evaluation", "agent", "rag", "engineering"], [50, 13, 13, 12, 12]
            )[0]
            picked.append(
                self.new_paper(topic, r.randrange(self.n_areas), min(day, self.until.date()))
            )
        for p in picked:
            if p.anchor_day:
                p.card_day = p.anchor_day - timedelta(days=r.randint(0, 2))
            elif p.pid in first_day:
                p.card_day = min(
                    self.until.date(), first_day[p.pid] + timedelta(days=r.randint(-2, 1))
                )
            else:
                p.card_day = self.start.date() + timedelta(days=r.randint(0, self.spec.days))
        for p in picked:
            assert p.card_day is not None
            month_start = date(2000 + int(p.pid[:2]), int(p.pid[2:4]), 1)
            p.card_day = min(max(p.card_day, month_start), self.until.date())
        picked.sort(key=lambda p: (p.card_day, p.pid))
        start = r.randint(1, 999)
        for i, p in enumerate(picked):
            p.card = f"paper_cards/{start + i:04d}-{p.pid.replace('.', '-')}.md"
        self.card_authors = [a.name for a in authors]
        return picked

    def render_card(self, p: Paper) -> str:
        """One paper card in the sample's shape."""
        r = self.rng
        assert p.card_day is not None
        tags = ", ".join(
            [
                slugify(p.noun_en),
                r.choice(("serving", "systems", "benchmark", "memory", "scheduling")),
            ]
        )
        lines = [
            f"# {p.title}",
            "",
            f"- arXiv: {p.pid}",
            f"- 主分类: {p.topic}",
            f"- tags: {tags}",
            f"- date: {p.card_day.isoformat()}",
            f"- 建卡: {r.choice(self.card_authors)}",
            "",
            "## 一句话",
            "",
            f"{p.zh_short}:{self.fill(r.choice(ZH_METHOD), noun=p.noun_zh)}。",
            "",
            "## 要点",
            "",
        ]
        lines += [
            "- " + self.fill(r.choice(ZH_RESULT)),
            "- " + self.fill(r.choice(ZH_EXTRA), noun=p.noun_zh),
        ]
        if p.section and p.anchor_day:
            lines += ["", "## 活文档", "", f"- inference {p.section}({md(p.anchor_day)} 锚入)"]
        else:
            lines += ["", "## 与活文档的关系", "", f"- {p.topic} 主分类;inference 活文档未锚"]
        if r.random() < 0.5:
            lines += ["", "## 待核", "", "- " + self.fill(r.choice(ZH_CAVEAT))]
        return "\n".join(lines) + "\n"

    # ----------------------------------------------------------------- driver

    def run(self) -> dict:
        """Generate everything into ``self.files`` and return the ground truth."""
        r = self.rng
        self.sections = self.build_sections()
        per = self.make_anchors()
        self.rag_papers = self.make_rag()
        authors = self.make_authors()
        notes = self.plan_notes(authors)
        self.note_times = {n.path: n.time for n in notes}
        all_views = self.choose_items(notes)

        first_day: dict[str, date] = {}
        for note, views in zip(notes, all_views, strict=True):
            for v in views:
                if isinstance(v.subject, Paper):
                    first_day.setdefault(v.subject.pid, note.time.date())
        cards = self.make_cards(authors, first_day)

        doc_mtime = datetime.combine(self.until.date(), datetime.min.time(), TZ).replace(
            hour=1, minute=35
        )
        inf_doc = self.render_inference_doc(per)
        self.put("organized/knowledge/inference.md", inf_doc, doc_mtime)
        self.put("organized/knowledge/rag.md", self.render_rag_doc(self.rag_papers), doc_mtime)

        n_empty = max(2, len(cards) // 100)
        empty = {c.card for c in r.sample(cards, n_empty)}
        for p in cards:
            assert p.card and p.card_day
            text = "" if p.card in empty else self.render_card(p)
            t = datetime.combine(p.card_day, datetime.min.time(), TZ).replace(hour=9)
            self.put(p.card, text, min(t, self.until))

        for note, views in zip(notes, all_views, strict=True):
            text = self.render_note(note, views)
            if note.crlf:
                text = text.replace("\n", "\r\n")
            if note.bom:
                text = "\ufeff" + text
            self.put(note.path, text, note.time)

        truth = self.truth(notes, all_views, cards, sorted(x for x in empty if x))
        config = (
            f'topic = "{TOPIC}"\neditor = "{authors[0].name}"\ntimezone = "Asia/Shanghai"\n'
            f'since = "{self.since.isoformat()}"\nuntil = "{self.until.isoformat()}"\n'
        )
        self.put("curator.toml", config, self.until)
        self.put("README.md", self.readme(truth), self.until)
        self.put(
            "ground_truth.json", json.dumps(truth, ensure_ascii=False, indent=1) + "\n", self.until
        )
        return truth

    def put(self, path: str, text: str, when: datetime) -> None:
        self.files[path] = (text.encode("utf-8"), when.timestamp())

    @staticmethod
    def ref(path: str, v: View) -> dict:
        s = v.subject
        return {
            "path": path,
            "title": v.title,
            "arxiv": s.pid if isinstance(s, Paper) else None,
            "url": v.url if isinstance(s, Blog) else None,
        }

    def truth(
        self,
        notes: list[NotePlan],
        all_views: list[list[View]],
        cards: list[Paper],
        empty: list[str],
    ) -> dict:
        """The ground-truth record written to ``ground_truth.json``."""
        clusters: dict[str, list[dict]] = {}
        items = []
        duplicates = []
        anchored_items = 0
        note_rows = []
        for note, views in zip(notes, all_views, strict=True):
            in_win = self.since < note.time <= self.until
            note_rows.append(
                {
                    "path": note.path,
                    "author": note.author.name,
                    "time": note.time.isoformat(),
                    "in_window": in_win,
                    "kind": note.kind,
                    "style": note.style,
                    "time_in": note.time_in,
                    "front_matter": note.front_matter,
                    "crlf": note.crlf,
                    "bom": note.bom,
                    "items": len(views),
                }
            )
            for v in views:
                s = v.subject
                ref = self.ref(note.path, v)
                refs = clusters.setdefault(s.key, [])
                if refs:
                    duplicates.append([refs[0], ref])
                refs.append(ref)
                anchored = getattr(s, "section", None)
                anchored_items += bool(anchored)
                topic = getattr(s, "topic", TOPIC)
                items.append(
                    {
                        **ref,
                        "key": s.key,
                        "kind": type(s).__name__.lower(),
                        "topic": topic,
                        "section": (
                            f"§1.{s.area + 1}"
                            if isinstance(s, Paper | Blog) and topic == TOPIC
                            else None
                        ),
                        "anchored": anchored,
                        "in_window": in_win,
                        "written": v.id_text or v.url,
                        "mentions": [m[1] for m in v.mentions],
                    }
                )
        overlaps = [list(pair) for pair in self.overlap_pairs_found]
        inf_path = "organized/knowledge/inference.md"
        anchored_ids = {p.pid: p.section for p in self.papers if p.section}
        doc_bytes = len(self.files[inf_path][0])
        return {
            "size": self.size,
            "seed": self.seed,
            "generator_version": GENERATOR_VERSION,
            "topic": TOPIC,
            "editor": notes[0].author.name if notes else "tom",
            "window": {"since": self.since.isoformat(), "until": self.until.isoformat()},
            "counts": {
                "notes": len(notes),
                "notes_in_window": sum(1 for n in note_rows if n["in_window"]),
                "authors": self.spec.authors,
                "days": self.spec.days,
                "items": len(items),
                "items_in_window": sum(1 for i in items if i["in_window"]),
                "subjects": len(clusters),
                "duplicate_items": len(duplicates),
                "clusters": sum(1 for refs in clusters.values() if len(refs) > 1),
                "overlap_pairs": len(overlaps),
                "anchored_ids": len(anchored_ids),
                "anchored_items": anchored_items,
                "cards": len(cards),
                "empty_cards": len(empty),
                "doc_bytes": doc_bytes,
                "doc_sections": len(self.sections),
                "styles": sorted({n.style for n in notes}),
            },
            "duplicates": duplicates,
            "clusters": [{"key": k, "refs": refs} for k, refs in clusters.items() if len(refs) > 1],
            "overlaps": overlaps,
            "anchored": anchored_ids,
            "anchored_urls": {b.key: b.section for b in self.blogs if b.section},
            "anchored_other": {
                "organized/knowledge/rag.md": {p.pid: p.rag_section for p in self.rag_papers}
            },
            "sections": {num: title for num, title, *_ in self.sections},
            "notes": note_rows,
            "items": items,
            "cards": {p.pid: p.card for p in cards},
            "empty_cards": empty,
        }

    def readme(self, truth: dict) -> str:
        c = truth["counts"]
        return (
            f"# synthetic curator workspace (size {self.size}, seed {self.seed})\n\n"
            "Generated by `benchmarks/make_workspace.py`; imitates `sample-relay`. Do not edit by hand.\n\n"
            f"- window: {truth['window']['since']} → {truth['window']['until']} (topic `{TOPIC}`)\n"
            f"- {c['notes']} notes by {c['authors']} authors over {c['days']} days, {c['items']} items,\n"
            f"  {c['cards']} paper cards, living doc {c['doc_bytes']} bytes / {c['doc_sections']} sections /"
            f" {c['anchored_ids']} anchored IDs\n"
            "- `ground_truth.json` lists planted duplicates, clusters, overlaps and anchors.\n"
        )


def generate(out: Path, size: str, seed: int, force: bool = False) -> dict:
    """Write a workspace to ``out`` and return a summary (files, bytes, seconds, counts)."""
    t0 = time.perf_counter()
    out = Path(out)
    if out.exists() and any(out.iterdir()):
        if not force:
            raise FileExistsError(f"{out} exists and is not empty (use --force)")
        if (
            out / "ground_truth.json"
        ).is_file():  # an earlier generated workspace: clear what we own
            for name in OWNED:
                target = out / name
                if target.is_dir():
                    shutil.rmtree(target)
                elif target.exists():
                    target.unlink()
    gen = Gen(size, seed)
    truth = gen.run()
    total = 0
    made: dict[Path, None] = {}
    for rel, (data, ts) in sorted(gen.files.items()):
        path = out / rel
        if path.parent not in made:
            path.parent.mkdir(parents=True, exist_ok=True)
            made[path.parent] = None
        path.write_bytes(data)
        os.utime(path, (ts, ts))
        total += len(data)
    secs = time.perf_counter() - t0
    return {"files": len(gen.files), "bytes": total, "seconds": secs, "counts": truth["counts"]}


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", choices=sorted(SIZES), default="S")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--force", action="store_true", help="write into a non-empty OUT")
    ap.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    try:
        s = generate(args.out, args.size, args.seed, args.force)
    except FileExistsError as e:
        print(f"make_workspace: {e}", file=sys.stderr)
        return 2
    c = s["counts"]
    print(
        f"{args.out}: size {args.size} seed {args.seed}: {s['files']} files, {s['bytes']:,} bytes, "
        f"{c['items']} items, {c['duplicate_items']} duplicates, {c['overlap_pairs']} overlaps, "
        f"{s['seconds']:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
