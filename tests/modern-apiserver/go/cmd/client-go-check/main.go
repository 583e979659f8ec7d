// A client-go program run against a Kubernetes API server (the demo cluster or a real one): discovery,
// the dynamic client, typed CRUD with a stale update, server-side apply with a conflict, paging, and a
// shared informer whose cache must equal a fresh list after a burst of writes. One JSON line per step
// on stdout; the caller asserts on them. Streaming lists in informers follow client-go's WatchListClient
// feature (KUBE_FEATURE_WatchListClient=true/false in the environment).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	applycorev1 "k8s.io/client-go/applyconfigurations/core/v1"
	"k8s.io/client-go/dynamic"
	clientfeatures "k8s.io/client-go/features"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/clientcmd"
)

// seen records what the program sent and got, to tell which protocol client-go chose.
type seen struct {
	mu       sync.Mutex
	requests []string // method path?query
	types    map[string]string
}

func (s *seen) add(req *http.Request, contentType string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, req.Method+" "+req.URL.RequestURI())
	s.types[req.URL.Path] = contentType
}

func (s *seen) count(match func(string) bool) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, r := range s.requests {
		if match(r) {
			n++
		}
	}
	return n
}

type recorder struct {
	next http.RoundTripper
	log  *seen
}

func (r recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := r.next.RoundTrip(req)
	ct := ""
	if res != nil {
		ct = res.Header.Get("Content-Type")
	}
	r.log.add(req, ct)
	return res, err
}

func emit(step string, fields map[string]any) {
	fields["step"] = step
	b, err := json.Marshal(fields)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
}

func fail(step string, err error) {
	emit(step, map[string]any{"error": err.Error()})
	os.Exit(1)
}

func statusOf(err error) map[string]any {
	if err == nil {
		return map[string]any{"code": 0}
	}
	if s, ok := err.(apierrors.APIStatus); ok {
		st := s.Status()
		return map[string]any{"code": st.Code, "reason": string(st.Reason), "message": st.Message}
	}
	return map[string]any{"code": -1, "message": err.Error()}
}

func main() {
	kubeconfig := flag.String("kubeconfig", "", "kubeconfig of the server")
	steps := flag.String("steps", "discovery,dynamic,typed,apply,paging,informer", "comma-separated steps")
	namespace := flag.String("namespace", "", "namespace to work in (created, then deleted)")
	flag.Parse()
	cfg, err := clientcmd.BuildConfigFromFlags("", *kubeconfig)
	if err != nil {
		fail("config", err)
	}
	cfg.UserAgent = "kubeglass-client-go-check"
	log := &seen{types: map[string]string{}}
	cfg.Wrap(func(rt http.RoundTripper) http.RoundTripper { return recorder{next: rt, log: log} })
	client := kubernetes.NewForConfigOrDie(cfg)
	dyn := dynamic.NewForConfigOrDie(cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	ns := *namespace
	if ns == "" {
		ns = fmt.Sprintf("kgcg-%d", time.Now().UnixNano()%1_000_000_000)
	}
	if _, err := client.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{}); err != nil {
		fail("namespace", err)
	}
	defer func() {
		_ = client.CoreV1().Namespaces().Delete(context.Background(), ns, metav1.DeleteOptions{})
	}()

	for _, step := range strings.Split(*steps, ",") {
		switch step {
		case "discovery":
			discoveryStep(client, log)
		case "dynamic":
			dynamicStep(ctx, dyn, ns)
		case "typed":
			typedStep(ctx, client, ns)
		case "apply":
			applyStep(ctx, client, ns)
		case "paging":
			pagingStep(ctx, client, ns)
		case "informer":
			informerStep(ctx, client, ns, log)
		default:
			fail("steps", fmt.Errorf("unknown step %q", step))
		}
	}
}

func discoveryStep(client *kubernetes.Clientset, log *seen) {
	groups, resources, err := client.Discovery().ServerGroupsAndResources()
	if err != nil {
		fail("discovery", err)
	}
	names := map[string][]string{}
	for _, list := range resources {
		for _, r := range list.APIResources {
			names[list.GroupVersion] = append(names[list.GroupVersion], r.Name)
		}
	}
	has := func(gv, name string) bool {
		for _, n := range names[gv] {
			if n == name {
				return true
			}
		}
		return false
	}
	groupNames := []string{}
	for _, g := range groups {
		groupNames = append(groupNames, g.Name)
	}
	// Aggregated discovery: two documents (/api, /apis) and no per-group-version requests.
	perGroupVersion := log.count(func(r string) bool { return strings.HasPrefix(r, "GET /apis/") || strings.HasPrefix(r, "GET /api/v1") })
	emit("discovery", map[string]any{
		"groups":             groupNames,
		"apisContentType":    log.types["/apis"],
		"apiContentType":     log.types["/api"],
		"perGroupVersionGet": perGroupVersion,
		"configmaps":         has("v1", "configmaps"),
		"podsExec":           has("v1", "pods/exec"),
		"deployments":        has("apps/v1", "deployments"),
		"deploymentsScale":   has("apps/v1", "deployments/scale"),
	})
}

func dynamicStep(ctx context.Context, dyn dynamic.Interface, ns string) {
	gvr := schema.GroupVersionResource{Version: "v1", Resource: "configmaps"}
	obj := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "v1", "kind": "ConfigMap",
		"metadata": map[string]any{"name": "dyn", "labels": map[string]any{"via": "dynamic"}},
		"data":     map[string]any{"k": "v"},
	}}
	created, err := dyn.Resource(gvr).Namespace(ns).Create(ctx, obj, metav1.CreateOptions{})
	if err != nil {
		fail("dynamic", err)
	}
	got, err := dyn.Resource(gvr).Namespace(ns).Get(ctx, "dyn", metav1.GetOptions{})
	if err != nil {
		fail("dynamic", err)
	}
	list, err := dyn.Resource(gvr).Namespace(ns).List(ctx, metav1.ListOptions{LabelSelector: "via=dynamic"})
	if err != nil {
		fail("dynamic", err)
	}
	patched, err := dyn.Resource(gvr).Namespace(ns).Patch(ctx, "dyn", types.MergePatchType, []byte(`{"data":{"k":"w"}}`), metav1.PatchOptions{})
	if err != nil {
		fail("dynamic", err)
	}
	delErr := dyn.Resource(gvr).Namespace(ns).Delete(ctx, "dyn", metav1.DeleteOptions{})
	_, goneErr := dyn.Resource(gvr).Namespace(ns).Get(ctx, "dyn", metav1.GetOptions{})
	data, _, _ := unstructured.NestedStringMap(patched.Object, "data")
	emit("dynamic", map[string]any{
		"createdKind": created.GetKind(),
		"gotName":     got.GetName(),
		"listKind":    list.GetKind(),
		"listed":      len(list.Items),
		"patchedData": data,
		"deleted":     delErr == nil,
		"afterDelete": statusOf(goneErr),
	})
}

func typedStep(ctx context.Context, client *kubernetes.Clientset, ns string) {
	cms := client.CoreV1().ConfigMaps(ns)
	created, err := cms.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "typed"}, Data: map[string]string{"v": "1"}}, metav1.CreateOptions{})
	if err != nil {
		fail("typed", err)
	}
	fresh := created.DeepCopy()
	fresh.Data["v"] = "2"
	updated, err := cms.Update(ctx, fresh, metav1.UpdateOptions{})
	if err != nil {
		fail("typed", err)
	}
	// Still at the created resourceVersion: a stale write.
	stale := created.DeepCopy()
	stale.Data["v"] = "3"
	_, staleErr := cms.Update(ctx, stale, metav1.UpdateOptions{})
	_, dupErr := cms.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "typed"}}, metav1.CreateOptions{})
	delErr := cms.Delete(ctx, "typed", metav1.DeleteOptions{})
	_, goneErr := cms.Get(ctx, "typed", metav1.GetOptions{})
	emit("typed", map[string]any{
		"updatedData":  updated.Data,
		"staleUpdate":  statusOf(staleErr),
		"isConflict":   apierrors.IsConflict(staleErr),
		"createAgain":  statusOf(dupErr),
		"deleted":      delErr == nil,
		"afterDelete":  statusOf(goneErr),
		"rvAdvanced":   updated.ResourceVersion != created.ResourceVersion,
		"uidKept":      updated.UID == created.UID,
		"typedKindSet": updated.Kind == "", // typed clients strip TypeMeta on decode
	})
}

func applyStep(ctx context.Context, client *kubernetes.Clientset, ns string) {
	cms := client.CoreV1().ConfigMaps(ns)
	first := applycorev1.ConfigMap("applied", ns).WithData(map[string]string{"owned": "a"})
	if _, err := cms.Apply(ctx, first, metav1.ApplyOptions{FieldManager: "manager-a"}); err != nil {
		fail("apply", err)
	}
	second := applycorev1.ConfigMap("applied", ns).WithData(map[string]string{"owned": "b"})
	_, conflictErr := cms.Apply(ctx, second, metav1.ApplyOptions{FieldManager: "manager-b"})
	forced, err := cms.Apply(ctx, second, metav1.ApplyOptions{FieldManager: "manager-b", Force: true})
	if err != nil {
		fail("apply", err)
	}
	managers := []string{}
	for _, m := range forced.ManagedFields {
		managers = append(managers, m.Manager+"/"+string(m.Operation))
	}
	sort.Strings(managers)
	emit("apply", map[string]any{
		"conflict":   statusOf(conflictErr),
		"isConflict": apierrors.IsConflict(conflictErr),
		"forcedData": forced.Data,
		"managers":   managers,
	})
}

func pagingStep(ctx context.Context, client *kubernetes.Clientset, ns string) {
	cms := client.CoreV1().ConfigMaps(ns)
	for i := 0; i < 5; i++ {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("page-%d", i), Labels: map[string]string{"paged": "yes"}}}
		if _, err := cms.Create(ctx, cm, metav1.CreateOptions{}); err != nil {
			fail("paging", err)
		}
	}
	pages := []int{}
	names := []string{}
	token := ""
	remaining := []int64{}
	for {
		list, err := cms.List(ctx, metav1.ListOptions{LabelSelector: "paged=yes", Limit: 2, Continue: token})
		if err != nil {
			fail("paging", err)
		}
		pages = append(pages, len(list.Items))
		for _, it := range list.Items {
			names = append(names, it.Name)
		}
		if list.RemainingItemCount != nil {
			remaining = append(remaining, *list.RemainingItemCount)
		}
		token = list.Continue
		if token == "" {
			break
		}
	}
	_, badErr := cms.List(ctx, metav1.ListOptions{Limit: 2, Continue: "not-a-token"})
	emit("paging", map[string]any{"pages": pages, "names": names, "remaining": remaining, "badContinue": statusOf(badErr)})
}

// informerStep starts a shared informer on the namespace's ConfigMaps, writes a burst while it runs, and
// checks that its cache ends equal to a fresh list (names and resourceVersions).
func informerStep(ctx context.Context, client *kubernetes.Clientset, ns string, log *seen) {
	cms := client.CoreV1().ConfigMaps(ns)
	for i := 0; i < 10; i++ {
		if _, err := cms.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("before-%d", i), Labels: map[string]string{"burst": "yes"}}}, metav1.CreateOptions{}); err != nil {
			fail("informer", err)
		}
	}
	factory := informers.NewSharedInformerFactoryWithOptions(client, 0, informers.WithNamespace(ns),
		informers.WithTweakListOptions(func(o *metav1.ListOptions) { o.LabelSelector = "burst=yes" }))
	informer := factory.Core().V1().ConfigMaps()
	var mu sync.Mutex
	counts := map[string]int{}
	_, _ = informer.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(any) { mu.Lock(); counts["add"]++; mu.Unlock() },
		UpdateFunc: func(any, any) { mu.Lock(); counts["update"]++; mu.Unlock() },
		DeleteFunc: func(any) { mu.Lock(); counts["delete"]++; mu.Unlock() },
	})
	stop := make(chan struct{})
	defer close(stop)
	factory.Start(stop)
	if !cache.WaitForCacheSync(ctx.Done(), informer.Informer().HasSynced) {
		fail("informer", fmt.Errorf("cache did not sync"))
	}
	syncedSize := len(informer.Informer().GetStore().List())
	for i := 0; i < 20; i++ {
		if _, err := cms.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("burst-%d", i), Labels: map[string]string{"burst": "yes"}}}, metav1.CreateOptions{}); err != nil {
			fail("informer", err)
		}
		if i%2 == 0 {
			name := fmt.Sprintf("before-%d", i/2)
			if _, err := cms.Patch(ctx, name, types.MergePatchType, []byte(fmt.Sprintf(`{"data":{"i":"%d"}}`, i)), metav1.PatchOptions{}); err != nil {
				fail("informer", err)
			}
		}
		if i%4 == 0 {
			if err := cms.Delete(ctx, fmt.Sprintf("burst-%d", i), metav1.DeleteOptions{}); err != nil {
				fail("informer", err)
			}
		}
		if i == 7 {
			// Out of the selection: the informer sees a delete.
			if _, err := cms.Patch(ctx, "before-9", types.MergePatchType, []byte(`{"metadata":{"labels":{"burst":"no"}}}`), metav1.PatchOptions{}); err != nil {
				fail("informer", err)
			}
		}
	}
	want := func() (map[string]string, error) {
		list, err := cms.List(ctx, metav1.ListOptions{LabelSelector: "burst=yes"})
		if err != nil {
			return nil, err
		}
		out := map[string]string{}
		for _, it := range list.Items {
			out[it.Name] = it.ResourceVersion
		}
		return out, nil
	}
	have := func() map[string]string {
		out := map[string]string{}
		items, _ := informer.Lister().ConfigMaps(ns).List(labels.Everything())
		for _, it := range items {
			out[it.Name] = it.ResourceVersion
		}
		return out
	}
	var expected, got map[string]string
	equal := false
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		var err error
		if expected, err = want(); err != nil {
			fail("informer", err)
		}
		got = have()
		if fmt.Sprint(expected) == fmt.Sprint(got) {
			equal = true
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	streaming := log.count(func(r string) bool {
		return strings.Contains(r, "watch=true") && strings.Contains(r, "sendInitialEvents=true")
	})
	lists := log.count(func(r string) bool {
		return strings.Contains(r, "/configmaps?") && !strings.Contains(r, "watch=true") && strings.Contains(r, "labelSelector=burst")
	})
	emit("informer", map[string]any{
		"watchListClient":   clientfeatures.FeatureGates().Enabled(clientfeatures.WatchListClient),
		"streamingRequests": streaming,
		"initialLists":      lists - countFreshLists(log),
		"syncedSize":        syncedSize,
		"cacheEqualsList":   equal,
		"cacheSize":         len(got),
		"listSize":          len(expected),
		"handlerCounts":     counts,
	})
}

// countFreshLists counts the step's own comparison lists (no limit: the reflector's initial list asks limit=500).
func countFreshLists(log *seen) int {
	return log.count(func(r string) bool {
		return strings.Contains(r, "/configmaps?") && !strings.Contains(r, "watch=true") && strings.Contains(r, "labelSelector=burst") && !strings.Contains(r, "limit=")
	})
}
