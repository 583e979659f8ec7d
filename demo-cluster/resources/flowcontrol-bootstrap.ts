// The FlowSchemas and PriorityLevelConfigurations kube-apiserver 1.37.2 creates at start (mandatory and suggested),
// dumped as JSON from k8s.io/apiserver@v0.37.2 pkg/apis/flowcontrol/bootstrap (MandatoryPriorityLevelConfigurations,
// SuggestedPriorityLevelConfigurations, MandatoryFlowSchemas, SuggestedFlowSchemas). Data, not code.
import type { KubeObject } from './types.js';

export const BOOTSTRAP_PRIORITY_LEVELS: KubeObject[] = [
 {
  "metadata": {
   "name": "catch-all",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "type": "Limited",
   "limited": {
    "nominalConcurrencyShares": 5,
    "limitResponse": {
     "type": "Reject"
    },
    "lendablePercent": 0
   }
  }
 },
 {
  "metadata": {
   "name": "exempt",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "type": "Exempt",
   "exempt": {
    "nominalConcurrencyShares": 0,
    "lendablePercent": 0
   }
  }
 },
 {
  "metadata": {
   "name": "system",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "type": "Limited",
   "limited": {
    "nominalConcurrencyShares": 30,
    "limitResponse": {
     "type": "Queue",
     "queuing": {
      "queues": 64,
      "handSize": 6,
      "queueLengthLimit": 50
     }
    },
    "lendablePercent": 33
   }
  }
 },
 {
  "metadata": {
   "name": "node-high",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "type": "Limited",
   "limited": {
    "nominalConcurrencyShares": 40,
    "limitResponse": {
     "type": "Queue",
     "queuing": {
      "queues": 64,
      "handSize": 6,
      "queueLengthLimit": 50
     }
    },
    "lendablePercent": 25
   }
  }
 },
 {
  "metadata": {
   "name": "leader-election",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "type": "Limited",
   "limited": {
    "nominalConcurrencyShares": 10,
    "limitResponse": {
     "type": "Queue",
     "queuing": {
      "queues": 16,
      "handSize": 4,
      "queueLengthLimit": 50
     }
    },
    "lendablePercent": 0
   }
  }
 },
 {
  "metadata": {
   "name": "workload-high",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "type": "Limited",
   "limited": {
    "nominalConcurrencyShares": 40,
    "limitResponse": {
     "type": "Queue",
     "queuing": {
      "queues": 128,
      "handSize": 6,
      "queueLengthLimit": 50
     }
    },
    "lendablePercent": 50
   }
  }
 },
 {
  "metadata": {
   "name": "workload-low",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "type": "Limited",
   "limited": {
    "nominalConcurrencyShares": 100,
    "limitResponse": {
     "type": "Queue",
     "queuing": {
      "queues": 128,
      "handSize": 6,
      "queueLengthLimit": 50
     }
    },
    "lendablePercent": 90
   }
  }
 },
 {
  "metadata": {
   "name": "global-default",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "type": "Limited",
   "limited": {
    "nominalConcurrencyShares": 20,
    "limitResponse": {
     "type": "Queue",
     "queuing": {
      "queues": 128,
      "handSize": 6,
      "queueLengthLimit": 50
     }
    },
    "lendablePercent": 50
   }
  }
 }
];

export const BOOTSTRAP_FLOW_SCHEMAS: KubeObject[] = [
 {
  "metadata": {
   "name": "exempt",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "priorityLevelConfiguration": {
    "name": "exempt"
   },
   "matchingPrecedence": 1,
   "rules": [
    {
     "subjects": [
      {
       "kind": "Group",
       "group": {
        "name": "system:masters"
       }
      }
     ],
     "resourceRules": [
      {
       "verbs": [
        "*"
       ],
       "apiGroups": [
        "*"
       ],
       "resources": [
        "*"
       ],
       "clusterScope": true,
       "namespaces": [
        "*"
       ]
      }
     ],
     "nonResourceRules": [
      {
       "verbs": [
        "*"
       ],
       "nonResourceURLs": [
        "*"
       ]
      }
     ]
    }
   ]
  }
 },
 {
  "metadata": {
   "name": "catch-all",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "priorityLevelConfiguration": {
    "name": "catch-all"
   },
   "matchingPrecedence": 10000,
   "distinguisherMethod": {
    "type": "ByUser"
   },
   "rules": [
    {
     "subjects": [
      {
       "kind": "Group",
       "group": {
        "name": "system:unauthenticated"
       }
      },
      {
       "kind": "Group",
       "group": {
        "name": "system:authenticated"
       }
      }
     ],
     "resourceRules": [
      {
       "verbs": [
        "*"
       ],
       "apiGroups": [
        "*"
       ],
       "resources": [
        "*"
       ],
       "clusterScope": true,
       "namespaces": [
        "*"
       ]
      }
     ],
     "nonResourceRules": [
      {
       "verbs": [
        "*"
       ],
       "nonResourceURLs": [
        "*"
       ]
      }
     ]
    }
   ]
  }
 },
 {
  "metadata": {
   "name": "system-nodes",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "priorityLevelConfiguration": {
    "name": "system"
   },
   "matchingPrecedence": 500,
   "distinguisherMethod": {
    "type": "ByUser"
   },
   "rules": [
    {
     "subjects": [
      {
       "kind": "Group",
       "group": {
        "name": "system:nodes"
       }
      }
     ],
     "resourceRules": [
      {
       "verbs": [
        "*"
       ],
       "apiGroups": [
        "*"
       ],
       "resources": [
        "*"
       ],
       "clusterScope": true,
       "namespaces": [
        "*"
       ]
      }
     ],
     "nonResourceRules": [
      {
       "verbs": [
        "*"
       ],
       "nonResourceURLs": [
        "*"
       ]
      }
     ]
    }
   ]
  }
 },
 {
  "metadata": {
   "name": "system-node-high",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "priorityLevelConfiguration": {
    "name": "node-high"
   },
   "matchingPrecedence": 400,
   "distinguisherMethod": {
    "type": "ByUser"
   },
   "rules": [
    {
     "subjects": [
      {
       "kind": "Group",
       "group": {
        "name": "system:nodes"
       }
      }
     ],
     "resourceRules": [
      {
       "verbs": [
        "*"
       ],
       "apiGroups": [
        ""
       ],
       "resources": [
        "nodes",
        "nodes/status"
       ],
       "clusterScope": true,
       "namespaces": [
        "*"
       ]
      },
      {
       "verbs": [
        "*"
       ],
       "apiGroups": [
        "coordination.k8s.io"
       ],
       "resources": [
        "leases"
       ],
       "namespaces": [
        "*"
       ]
      }
     ]
    }
   ]
  }
 },
 {
  "metadata": {
   "name": "probes",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "priorityLevelConfiguration": {
    "name": "exempt"
   },
   "matchingPrecedence": 2,
   "rules": [
    {
     "subjects": [
      {
       "kind": "Group",
       "group": {
        "name": "system:unauthenticated"
       }
      },
      {
       "kind": "Group",
       "group": {
        "name": "system:authenticated"
       }
      }
     ],
     "nonResourceRules": [
      {
       "verbs": [
        "get"
       ],
       "nonResourceURLs": [
        "/healthz",
        "/readyz",
        "/livez"
       ]
      }
     ]
    }
   ]
  }
 },
 {
  "metadata": {
   "name": "system-leader-election",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "priorityLevelConfiguration": {
    "name": "leader-election"
   },
   "matchingPrecedence": 100,
   "distinguisherMethod": {
    "type": "ByUser"
   },
   "rules": [
    {
     "subjects": [
      {
       "kind": "User",
       "user": {
        "name": "system:kube-controller-manager"
       }
      },
      {
       "kind": "User",
       "user": {
        "name": "system:kube-scheduler"
       }
      },
      {
       "kind": "ServiceAccount",
       "serviceAccount": {
        "namespace": "kube-system",
        "name": "*"
       }
      }
     ],
     "resourceRules": [
      {
       "verbs": [
        "get",
        "create",
        "update"
       ],
       "apiGroups": [
        "coordination.k8s.io"
       ],
       "resources": [
        "leases"
       ],
       "namespaces": [
        "*"
       ]
      }
     ]
    }
   ]
  }
 },
 {
  "metadata": {
   "name": "kube-controller-manager",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "priorityLevelConfiguration": {
    "name": "workload-high"
   },
   "matchingPrecedence": 800,
   "distinguisherMethod": {
    "type": "ByNamespace"
   },
   "rules": [
    {
     "subjects": [
      {
       "kind": "User",
       "user": {
        "name": "system:kube-controller-manager"
       }
      }
     ],
     "resourceRules": [
      {
       "verbs": [
        "*"
       ],
       "apiGroups": [
        "*"
       ],
       "resources": [
        "*"
       ],
       "clusterScope": true,
       "namespaces": [
        "*"
       ]
      }
     ],
     "nonResourceRules": [
      {
       "verbs": [
        "*"
       ],
       "nonResourceURLs": [
        "*"
       ]
      }
     ]
    }
   ]
  }
 },
 {
  "metadata": {
   "name": "kube-scheduler",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "priorityLevelConfiguration": {
    "name": "workload-high"
   },
   "matchingPrecedence": 800,
   "distinguisherMethod": {
    "type": "ByNamespace"
   },
   "rules": [
    {
     "subjects": [
      {
       "kind": "User",
       "user": {
        "name": "system:kube-scheduler"
       }
      }
     ],
     "resourceRules": [
      {
       "verbs": [
        "*"
       ],
       "apiGroups": [
        "*"
       ],
       "resources": [
        "*"
       ],
       "clusterScope": true,
       "namespaces": [
        "*"
       ]
      }
     ],
     "nonResourceRules": [
      {
       "verbs": [
        "*"
       ],
       "nonResourceURLs": [
        "*"
       ]
      }
     ]
    }
   ]
  }
 },
 {
  "metadata": {
   "name": "kube-system-service-accounts",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "priorityLevelConfiguration": {
    "name": "workload-high"
   },
   "matchingPrecedence": 900,
   "distinguisherMethod": {
    "type": "ByNamespace"
   },
   "rules": [
    {
     "subjects": [
      {
       "kind": "ServiceAccount",
       "serviceAccount": {
        "namespace": "kube-system",
        "name": "*"
       }
      }
     ],
     "resourceRules": [
      {
       "verbs": [
        "*"
       ],
       "apiGroups": [
        "*"
       ],
       "resources": [
        "*"
       ],
       "clusterScope": true,
       "namespaces": [
        "*"
       ]
      }
     ],
     "nonResourceRules": [
      {
       "verbs": [
        "*"
       ],
       "nonResourceURLs": [
        "*"
       ]
      }
     ]
    }
   ]
  }
 },
 {
  "metadata": {
   "name": "service-accounts",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "priorityLevelConfiguration": {
    "name": "workload-low"
   },
   "matchingPrecedence": 9000,
   "distinguisherMethod": {
    "type": "ByUser"
   },
   "rules": [
    {
     "subjects": [
      {
       "kind": "Group",
       "group": {
        "name": "system:serviceaccounts"
       }
      }
     ],
     "resourceRules": [
      {
       "verbs": [
        "*"
       ],
       "apiGroups": [
        "*"
       ],
       "resources": [
        "*"
       ],
       "clusterScope": true,
       "namespaces": [
        "*"
       ]
      }
     ],
     "nonResourceRules": [
      {
       "verbs": [
        "*"
       ],
       "nonResourceURLs": [
        "*"
       ]
      }
     ]
    }
   ]
  }
 },
 {
  "metadata": {
   "name": "global-default",
   "annotations": {
    "apf.kubernetes.io/autoupdate-spec": "true"
   }
  },
  "spec": {
   "priorityLevelConfiguration": {
    "name": "global-default"
   },
   "matchingPrecedence": 9900,
   "distinguisherMethod": {
    "type": "ByUser"
   },
   "rules": [
    {
     "subjects": [
      {
       "kind": "Group",
       "group": {
        "name": "system:unauthenticated"
       }
      },
      {
       "kind": "Group",
       "group": {
        "name": "system:authenticated"
       }
      }
     ],
     "resourceRules": [
      {
       "verbs": [
        "*"
       ],
       "apiGroups": [
        "*"
       ],
       "resources": [
        "*"
       ],
       "clusterScope": true,
       "namespaces": [
        "*"
       ]
      }
     ],
     "nonResourceRules": [
      {
       "verbs": [
        "*"
       ],
       "nonResourceURLs": [
        "*"
       ]
      }
     ]
    }
   ]
  }
 }
];
