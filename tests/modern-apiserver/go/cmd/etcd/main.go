// Command etcd runs a single-member etcd on loopback for the modern tier's kube-apiserver, embedding
// go.etcd.io/etcd/server/v3/embed at the version k8s.io/kubernetes' go.mod requires (the module's go.mod
// is generated from it), so the server and the apiserver's etcd client come from the same etcd release.
package main

import (
	"flag"
	"fmt"
	"log"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
)

func loopback(port int) url.URL {
	return url.URL{Scheme: "http", Host: fmt.Sprintf("127.0.0.1:%d", port)}
}

func main() {
	dataDir := flag.String("data-dir", "", "etcd data directory (required)")
	clientPort := flag.Int("client-port", 2379, "client port on 127.0.0.1")
	peerPort := flag.Int("peer-port", 2380, "peer port on 127.0.0.1")
	noFsync := flag.Bool("unsafe-no-fsync", false, "skip fsync (throwaway test data only)")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	flag.Parse()
	if *dataDir == "" {
		log.Fatal("etcd: -data-dir is required")
	}

	cfg := embed.NewConfig()
	cfg.Name = "kubeglass"
	cfg.Dir = *dataDir
	cfg.LogLevel = *logLevel
	cfg.ListenClientUrls = []url.URL{loopback(*clientPort)}
	cfg.AdvertiseClientUrls = cfg.ListenClientUrls
	cfg.ListenPeerUrls = []url.URL{loopback(*peerPort)}
	cfg.AdvertisePeerUrls = cfg.ListenPeerUrls
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	cfg.UnsafeNoFsync = *noFsync
	// The apiserver's watch cache relies on progress notifications to serve consistent reads from cache.
	cfg.WatchProgressNotifyInterval = 5 * time.Second

	e, err := embed.StartEtcd(cfg)
	if err != nil {
		log.Fatalf("etcd: %v", err)
	}
	select {
	case <-e.Server.ReadyNotify():
		fmt.Printf("etcd: ready at %s (data %s)\n", cfg.ListenClientUrls[0].String(), *dataDir)
	case <-time.After(60 * time.Second):
		e.Server.Stop()
		log.Fatal("etcd: not ready after 60s")
	}

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	select {
	case s := <-sig:
		fmt.Printf("etcd: %v, stopping\n", s)
	case err := <-e.Err():
		log.Printf("etcd: %v", err)
	}
	e.Close()
}
