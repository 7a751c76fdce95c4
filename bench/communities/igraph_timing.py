#!/usr/bin/python3
"""igraph's time for communities and betweenness on one work network (the scale benchmark).

    /usr/bin/python3 bench/communities/igraph_timing.py /tmp/work-graph.txt [--no-betweenness]

The file: the node count on the first line, then "u v" per undirected tie (bench/scale-load.bench.ts
writes it from the loaded answers of the work questions). Prints one JSON line: igraph's version,
the seconds of community_multilevel (Louvain), community_leiden (modularity, until stable) and
exact betweenness on the undirected simple graph, and the modularity each partition reaches.
With --no-betweenness the betweenness is left out: python-igraph 0.10 has exact betweenness only
(no sources subset, no sampling), O(people x ties), hours at 100,000 people.
"""
import json
import sys
import time

import igraph


def main(path, betweenness=True):
    with open(path) as handle:
        n = int(handle.readline())
        edges = [tuple(map(int, line.split())) for line in handle if line.strip()]
    graph = igraph.Graph(n=n, edges=edges, directed=False)
    graph.simplify()
    figures = {"igraph": igraph.__version__, "people": n, "ties": graph.ecount()}
    started = time.perf_counter()
    louvain = graph.community_multilevel()
    figures["louvain_s"] = time.perf_counter() - started
    figures["louvain_modularity"] = graph.modularity(louvain.membership)
    started = time.perf_counter()
    leiden = graph.community_leiden(objective_function="modularity", n_iterations=-1)
    figures["leiden_s"] = time.perf_counter() - started
    figures["leiden_modularity"] = graph.modularity(leiden.membership)
    if betweenness:
        started = time.perf_counter()
        graph.betweenness(directed=False)
        figures["betweenness_s"] = time.perf_counter() - started
    print(json.dumps(figures))


if __name__ == "__main__":
    paths = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    main(paths[0] if paths else "/tmp/work-graph.txt", "--no-betweenness" not in sys.argv)
