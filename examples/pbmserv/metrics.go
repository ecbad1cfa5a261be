package main

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	dto "github.com/prometheus/client_model/go"
)

// metrics are the server's Prometheus metrics, served at /metrics. Each
// server process has its own; Prometheus adds them up across servers.
//
//	pbmserv_http_requests_total{route,code}  requests answered, by route and status
//	pbmserv_http_request_seconds{route}      time to answer, by route (a histogram)
//	pbmserv_moves_total                      moves stored, the bots' included
//	pbmserv_bot_moves_total{kind}            bots' moves stored, by bot
//	pbmserv_bot_search_seconds{kind}         time of a bot's search, by bot (a histogram)
//	pbmserv_bot_jobs_waiting                 boards whose bot owes a move, waiting for a worker
//	pbmserv_bot_searches_cut_total           bot searches cut short for another requester's
//	pbmserv_refused_total{limit}             requests or commands refused by a limit
//	pbmserv_open_connections                 HTTP connections open now
//	pbmserv_store_errors_total               store calls that failed (outages included)
//
// and the Go runtime's and the process's own (go_*, process_*).
type metrics struct {
	reg          *prometheus.Registry
	requests     *prometheus.CounterVec
	latency      *prometheus.HistogramVec
	moves        prometheus.Counter
	refused      *prometheus.CounterVec
	conns        prometheus.Gauge
	storeErrors  prometheus.Counter
	botMoves     *prometheus.CounterVec
	botSeconds   *prometheus.HistogramVec
	botWaiting   prometheus.Gauge
	botPreempted prometheus.Counter
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "pbmserv_http_requests_total", Help: "HTTP requests answered, by route and status.",
		}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "pbmserv_http_request_seconds", Help: "Time to answer an HTTP request, by route.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route"}),
		moves: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "pbmserv_moves_total", Help: "Moves stored, the bots' included.",
		}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "pbmserv_refused_total", Help: "Requests, commands and connections refused by a limit, by limit.",
		}, []string{"limit"}),
		conns: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "pbmserv_open_connections", Help: "HTTP connections open now.",
		}),
		storeErrors: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "pbmserv_store_errors_total", Help: "Store calls that failed, outages included.",
		}),
		botMoves: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "pbmserv_bot_moves_total", Help: "Bots' moves stored, by bot.",
		}, []string{"kind"}),
		botSeconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "pbmserv_bot_search_seconds", Help: "Time of a bot's search, by bot.",
			Buckets: []float64{.001, .01, .05, .1, .25, .5, 1, 2, 5},
		}, []string{"kind"}),
		botWaiting: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "pbmserv_bot_jobs_waiting", Help: "Boards whose bot owes a move, waiting for a worker.",
		}),
		botPreempted: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "pbmserv_bot_searches_cut_total", Help: "Bot searches cut short for another requester's.",
		}),
	}
	m.reg.MustRegister(m.requests, m.latency, m.moves, m.refused, m.conns, m.storeErrors, m.botMoves, m.botSeconds, m.botWaiting, m.botPreempted,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// handler serves the metrics in Prometheus's text format, gathered at
// most once per every: the runtime's and the process's collectors read
// /proc and the runtime's statistics, work that a flood of requests must
// not multiply.
func (m *metrics) handler(every time.Duration) http.Handler {
	return promhttp.HandlerFor(&cachedGatherer{g: m.reg, every: every}, promhttp.HandlerOpts{})
}

// cachedGatherer gathers from g and keeps the result for every.
type cachedGatherer struct {
	g     prometheus.Gatherer
	every time.Duration
	mu    sync.Mutex
	at    time.Time
	fams  []*dto.MetricFamily
	err   error
}

func (c *cachedGatherer) Gather() ([]*dto.MetricFamily, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.at.IsZero() || time.Since(c.at) >= c.every {
		c.fams, c.err = c.g.Gather()
		c.at = time.Now()
	}
	return c.fams, c.err
}

// route names a request's route for the metrics: one of a few words, so
// that paths chosen by clients cannot multiply the series.
func route(path string) string {
	switch {
	case path == "/":
		return "index"
	case path == "/command":
		return "command"
	case strings.HasPrefix(path, "/games/"):
		return "games"
	case strings.HasPrefix(path, "/boards/"):
		return "boards"
	case path == "/healthz":
		return "healthz"
	case path == "/metrics":
		return "metrics"
	}
	return "other"
}

// observe counts an answered request.
func (m *metrics) observe(path string, code int, d time.Duration) {
	r := route(path)
	m.requests.WithLabelValues(r, strconv.Itoa(code)).Inc()
	m.latency.WithLabelValues(r).Observe(d.Seconds())
}

// refuse counts a refusal by the limit named and returns err.
func (s *Server) refuse(limit string, err error) error {
	if s.metrics != nil {
		s.metrics.refused.WithLabelValues(limit).Inc()
	}
	return err
}
