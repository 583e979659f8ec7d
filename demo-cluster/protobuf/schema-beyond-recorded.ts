// Protobuf messages of types newer than the 1.20 .proto files schema.ts is generated from, written from the
// generated.proto of the release that added them: kubectl's typed clients send these kinds as protobuf too.

/** authentication.k8s.io/v1 SelfSubjectReview (1.28, `kubectl auth whoami`) and the UserInfo it carries. */
export const BEYOND_RECORDED_SCHEMA: Record<string, Array<[number, string, string, number]>> = {
  'k8s.io.api.authentication.v1.SelfSubjectReview': [
    [1, 'metadata', 'k8s.io.apimachinery.pkg.apis.meta.v1.ObjectMeta', 0],
    [2, 'status', 'k8s.io.api.authentication.v1.SelfSubjectReviewStatus', 0],
  ],
  'k8s.io.api.authentication.v1.SelfSubjectReviewStatus': [[1, 'userInfo', 'k8s.io.api.authentication.v1.UserInfo', 0]],
  'k8s.io.api.authentication.v1.UserInfo': [
    [1, 'username', 'string', 0],
    [2, 'uid', 'string', 0],
    [3, 'groups', 'string', 1],
    [4, 'extra', 'map<string,k8s.io.api.authentication.v1.ExtraValue>', 0],
  ],
  'k8s.io.api.authentication.v1.ExtraValue': [[1, 'items', 'string', 1]],
};
