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

	openapi_v2 "github.com/google/gnostic-models/openapiv2"
	"google.golang.org/protobuf/proto"
	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
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
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/clientcmd"
)

// seen records what the program sent and got, to tell which protocol client-go chose.
type seen struct {
	mu       sync.Mutex
	requests []string // method path?query
	types    map[string]string
	uris     map[string]string // Content-Type by method and request URI
}

func (s *seen) add(req *http.Request, contentType string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, req.Method+" "+req.URL.RequestURI())
	s.types[req.URL.Path] = contentType
	s.uris[req.Method+" "+req.URL.RequestURI()] = contentType
}

// typeOf is the Content-Type of the answers to requests whose method and URI match.
func (s *seen) typeOf(match func(string) bool) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []string{}
	for r, ct := range s.uris {
		if match(r) {
			out = append(out, ct)
		}
	}
	sort.Strings(out)
	return out
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
	steps := flag.String("steps", "discovery,dynamic,typed,apply,paging,informer,protobuf,openapi", "comma-separated steps")
	namespace := flag.String("namespace", "", "namespace to work in (created, then deleted)")
	flag.Parse()
	cfg, err := clientcmd.BuildConfigFromFlags("", *kubeconfig)
	if err != nil {
		fail("config", err)
	}
	cfg.UserAgent = "kubeglass-client-go-check"
	log := &seen{types: map[string]string{}, uris: map[string]string{}}
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
		case "protobuf":
			protobufStep(ctx, cfg, ns, log)
		case "openapi":
			openapiStep(ctx, client, log)
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

// protobufStep talks protobuf alone, as the e2e framework's clients do (ContentType set, so Accept is
// protobuf only): an Event whose eventTime has microseconds, both Event lists, a watch whose events must
// arrive in protobuf, a typed delete with DeleteOptions, and a 404 Status.
func protobufStep(ctx context.Context, base *rest.Config, ns string, log *seen) {
	cfg := rest.CopyConfig(base)
	cfg.ContentType = "application/vnd.kubernetes.protobuf"
	client := kubernetes.NewForConfigOrDie(cfg)
	cms := client.CoreV1().ConfigMaps(ns)
	w, err := cms.Watch(ctx, metav1.ListOptions{LabelSelector: "watched=pb"})
	if err != nil {
		fail("protobuf", err)
	}
	defer w.Stop()
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "pb", Labels: map[string]string{"watched": "pb"}}, Data: map[string]string{"k": "v"}, BinaryData: map[string][]byte{"b": {0, 1, 2}}}
	created, err := cms.Create(ctx, cm, metav1.CreateOptions{})
	if err != nil {
		fail("protobuf", err)
	}
	created.Data["k"] = "w"
	if _, err := cms.Update(ctx, created, metav1.UpdateOptions{}); err != nil {
		fail("protobuf", err)
	}
	background := metav1.DeletePropagationBackground
	delErr := cms.Delete(ctx, "pb", metav1.DeleteOptions{PropagationPolicy: &background})
	watched := []string{}
	for len(watched) < 3 {
		select {
		case ev, ok := <-w.ResultChan():
			if !ok {
				fail("protobuf", fmt.Errorf("watch ended after %v", watched))
			}
			got, isCM := ev.Object.(*corev1.ConfigMap)
			if !isCM {
				fail("protobuf", fmt.Errorf("watch event %s holds %T", ev.Type, ev.Object))
			}
			watched = append(watched, fmt.Sprintf("%s %s=%s %v", ev.Type, got.Name, got.Data["k"], got.BinaryData["b"]))
		case <-ctx.Done():
			fail("protobuf", fmt.Errorf("watch events: %v", watched))
		}
	}
	_, goneErr := cms.Get(ctx, "pb", metav1.GetOptions{})

	at := time.Date(2026, 1, 2, 3, 4, 5, 123456000, time.UTC)
	event := &eventsv1.Event{
		ObjectMeta:          metav1.ObjectMeta{Name: "pb-event"},
		EventTime:           metav1.NewMicroTime(at),
		Series:              &eventsv1.EventSeries{Count: 2, LastObservedTime: metav1.NewMicroTime(at.Add(time.Second))},
		ReportingController: "kubeglass.example/check",
		ReportingInstance:   "check-1",
		Action:              "Check",
		Reason:              "Checked",
		Regarding:           corev1.ObjectReference{Kind: "ConfigMap", Namespace: ns, Name: "regarded", APIVersion: "v1"},
		Note:                "protobuf",
		Type:                "Normal",
	}
	made, err := client.EventsV1().Events(ns).Create(ctx, event, metav1.CreateOptions{})
	if err != nil {
		fail("protobuf", err)
	}
	v1List, err := client.EventsV1().Events(ns).List(ctx, metav1.ListOptions{})
	if err != nil {
		fail("protobuf", err)
	}
	coreList, err := client.CoreV1().Events(ns).List(ctx, metav1.ListOptions{})
	if err != nil {
		fail("protobuf", err)
	}
	coreTimes := []string{}
	for _, e := range coreList.Items {
		coreTimes = append(coreTimes, e.EventTime.UTC().Format(time.RFC3339Nano))
	}
	v1Times := []string{}
	for _, e := range v1List.Items {
		v1Times = append(v1Times, e.EventTime.UTC().Format(time.RFC3339Nano)+" "+e.Series.LastObservedTime.UTC().Format(time.RFC3339Nano))
	}
	emit("protobuf", map[string]any{
		"createdEventTime": made.EventTime.UTC().Format(time.RFC3339Nano),
		"v1EventTimes":     v1Times,
		"coreEventTimes":   coreTimes,
		"watched":          watched,
		"deleted":          delErr == nil,
		"afterDelete":      statusOf(goneErr),
		"watchTypes":       log.typeOf(func(r string) bool { return strings.Contains(r, "/configmaps?") && strings.Contains(r, "watched%3Dpb") }),
		"eventListTypes":   log.typeOf(func(r string) bool { return strings.HasPrefix(r, "GET ") && strings.HasSuffix(r, "/events") }),
	})
}

// openapiStep reads /openapi/v2 in protobuf as kubectl does (discovery's OpenAPISchema) and checks it is the
// message gnostic makes of the JSON document, as kube-openapi serves it.
func openapiStep(ctx context.Context, client *kubernetes.Clientset, log *seen) {
	fromProto, err := client.Discovery().OpenAPISchema()
	if err != nil {
		fail("openapi", err)
	}
	protoType := log.types["/openapi/v2"]
	raw, err := client.Discovery().RESTClient().Get().AbsPath("/openapi/v2").SetHeader("Accept", "application/json").DoRaw(ctx)
	if err != nil {
		fail("openapi", err)
	}
	fromJSON, err := openapi_v2.ParseDocument(raw)
	if err != nil {
		fail("openapi", err)
	}
	gvk := ""
	for _, d := range fromProto.GetDefinitions().GetAdditionalProperties() {
		if d.GetName() != "io.k8s.api.apps.v1.Deployment" {
			continue
		}
		for _, e := range d.GetValue().GetVendorExtension() {
			if e.GetName() == "x-kubernetes-group-version-kind" {
				gvk = e.GetValue().GetYaml()
			}
		}
	}
	differs := []string{}
	if !proto.Equal(fromProto, fromJSON) {
		// Name the first definitions and paths that differ, to tell where.
		want := map[string]*openapi_v2.NamedSchema{}
		for _, d := range fromJSON.GetDefinitions().GetAdditionalProperties() {
			want[d.GetName()] = d
		}
		for _, d := range fromProto.GetDefinitions().GetAdditionalProperties() {
			if !proto.Equal(d, want[d.GetName()]) && len(differs) < 5 {
				differs = append(differs, "definition "+d.GetName())
			}
		}
		wantPaths := map[string]*openapi_v2.NamedPathItem{}
		for _, p := range fromJSON.GetPaths().GetPath() {
			wantPaths[p.GetName()] = p
		}
		for _, p := range fromProto.GetPaths().GetPath() {
			if !proto.Equal(p, wantPaths[p.GetName()]) && len(differs) < 10 {
				differs = append(differs, "path "+p.GetName())
			}
		}
		if len(differs) == 0 {
			differs = append(differs, "document")
		}
	}
	emit("openapi", map[string]any{
		"contentType":   protoType,
		"equalsJSON":    len(differs) == 0,
		"differs":       differs,
		"definitions":   len(fromProto.GetDefinitions().GetAdditionalProperties()) > 0,
		"deploymentGVK": gvk,
		"paths":         len(fromProto.GetPaths().GetPath()) > 0,
	})
}
