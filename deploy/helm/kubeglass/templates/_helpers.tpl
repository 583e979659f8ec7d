{{- define "kubeglass.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "kubeglass.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "kubeglass.selectorLabels" -}}
app.kubernetes.io/name: {{ include "kubeglass.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "kubeglass.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "kubeglass.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "kubeglass.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "kubeglass.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "kubeglass.sessionKeysSecret" -}}
{{- default (printf "%s-session-keys" (include "kubeglass.fullname" .)) .Values.sessionKeys.secretName }}
{{- end }}

{{/* --public-url: the value, else the first ingress host (https when TLS covers it). */}}
{{- define "kubeglass.publicUrl" -}}
{{- if .Values.publicUrl }}
{{- .Values.publicUrl }}
{{- else if and .Values.ingress.enabled .Values.ingress.hosts }}
{{- $host := (first .Values.ingress.hosts).host }}
{{- $tls := false }}
{{- range .Values.ingress.tls }}{{ if has $host (default list .hosts) }}{{ $tls = true }}{{ end }}{{ end }}
{{- printf "%s://%s" (ternary "https" "http" $tls) $host }}
{{- end }}
{{- end }}

{{/* Refuses settings the server would refuse at start, so that a bad release fails at install, not in a crash loop. */}}
{{- define "kubeglass.validate" -}}
{{- $mode := .Values.auth.mode }}
{{- if not (has $mode (list "none" "token" "oidc" "proxy")) }}
{{- fail (printf "auth.mode must be none, token, oidc or proxy (got %q)" $mode) }}
{{- end }}
{{- if not (has .Values.logFormat (list "text" "json")) }}
{{- fail (printf "logFormat must be text or json (got %q)" .Values.logFormat) }}
{{- end }}
{{- if and (eq $mode "proxy") (not .Values.auth.proxy.trustedProxies) }}
{{- fail "auth.mode proxy needs auth.proxy.trustedProxies: the addresses of the authenticating proxy" }}
{{- end }}
{{- if eq $mode "oidc" }}
{{- if not (and .Values.auth.oidc.issuer .Values.auth.oidc.clientId .Values.auth.oidc.clientSecret.existingSecret) }}
{{- fail "auth.mode oidc needs auth.oidc.issuer, auth.oidc.clientId and auth.oidc.clientSecret.existingSecret" }}
{{- end }}
{{- if not (include "kubeglass.publicUrl" .) }}
{{- fail "auth.mode oidc needs publicUrl (or an enabled ingress with a host): the issuer redirects back to it" }}
{{- end }}
{{- end }}
{{- end }}

{{/* The session keys' Secret data when the chart owns it: the cluster's, found by lookup, else one new random key;
computed once a render, so that the Secret and the pods' checksum agree. */}}
{{- define "kubeglass.sessionKeysData" -}}
{{- if not (hasKey .Values.sessionKeys "renderedData") }}
{{- $existing := lookup "v1" "Secret" .Release.Namespace (include "kubeglass.sessionKeysSecret" .) }}
{{- $kept := "" }}
{{- if $existing }}{{ $kept = index (default dict $existing.data) .Values.sessionKeys.key | default "" }}{{ end }}
{{- $_ := set .Values.sessionKeys "renderedData" ($kept | default (printf "%s\n" (randAlphaNum 64) | b64enc)) }}
{{- end }}
{{- .Values.sessionKeys.renderedData }}
{{- end }}
