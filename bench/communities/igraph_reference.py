#!/usr/bin/python3
"""igraph's communities on the benchmark's work networks, the figures the product must reach.

    npx tsx bench/communities/export-graphs.ts /tmp/community-graphs
    /usr/bin/python3 bench/communities/igraph_reference.py /tmp/community-graphs

Debian's python-igraph (apt-get install -y python3-igraph; 0.10.2 on Debian 12). Writes
igraph-reference.json next to this file: per network, the modularity of `community_multilevel`
(Louvain, Blondel et al. 2008) and of `community_leiden(objective_function="modularity",
n_iterations=-1)` over seeds 0..9 (min, mean, max) and their mean time. Modularity is igraph's
`modularity` on the undirected simple graph (resolution 1), the definition the engine uses.
"""
import json
import os
import random
import statistics
import sys
import time

import igraph

HERE = os.path.dirname(os.path.abspath(__file__))
SEEDS = range(10)


def read_graph(path):
    with open(path) as handle:
        n = int(handle.readline())
        edges = [tuple(map(int, line.split())) for line in handle if line.strip()]
    return igraph.Graph(n=n, edges=edges, directed=False)


def measure(graph, detect):
    values, seconds = [], []
    for seed in SEEDS:
        random.seed(seed)
        igraph.set_random_number_generator(random)
        started = time.perf_counter()
        membership = detect(graph)
        seconds.append(time.perf_counter() - started)
        values.append(graph.modularity(membership))
    return {"min": min(values), "mean": statistics.mean(values), "max": max(values), "runs": len(values), "seconds": statistics.mean(seconds)}


directory = sys.argv[1] if len(sys.argv) > 1 else "/tmp/community-graphs"
output = {"igraph": igraph.__version__, "networks": {}}
for name in sorted(f[:-4] for f in os.listdir(directory) if f.endswith(".txt")):
    graph = read_graph(os.path.join(directory, name + ".txt"))
    output["networks"][name] = {
        "nodes": graph.vcount(),
        "edges": graph.ecount(),
        "louvain": measure(graph, lambda g: g.community_multilevel().membership),
        "leiden": measure(graph, lambda g: g.community_leiden(objective_function="modularity", n_iterations=-1).membership),
    }
    print(name, json.dumps(output["networks"][name]))

with open(os.path.join(HERE, "igraph-reference.json"), "w") as handle:
    json.dump(output, handle, indent=1)
    handle.write("\n")
